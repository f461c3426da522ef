import { expect, test } from '@playwright/test';
import { openAs } from './session';
import { personas, withDb } from './support';

test('scratch2', async ({ page }) => {
  test.setTimeout(120_000);
  const t0 = Date.now();
  page.on('console', (msg) => console.log('console:', msg.type(), msg.text()));
  page.on('requestfinished', async (r) => { if (r.url().includes('57121')) console.log(Date.now() - t0, 'done', r.method(), r.url().slice(0, 140), (await r.response())?.status()); });
  page.on('requestfailed', (r) => console.log(Date.now() - t0, 'FAILED', r.url().slice(0, 140), r.failure()?.errorText));
  const { rows } = await withDb((db) => db.query("select id, sale_no from public.sales order by created_at desc limit 1"));
  await openAs(page, personas.memberActive, '/mi-cuenta/mis-pedidos');
  console.log(Date.now() - t0, 'list open');
  await page.goto(`/mi-cuenta/mis-pedidos?pedido=${rows[0].id}`);
  console.log(Date.now() - t0, 'goto done');
  await expect(page.getByRole('dialog', { name: new RegExp(`N\\.º ${rows[0].sale_no}$`) })).toBeVisible({ timeout: 60_000 });
  console.log(Date.now() - t0, 'dialog visible');
});
