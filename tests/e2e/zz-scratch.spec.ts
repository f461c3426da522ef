import { test, type Page } from '@playwright/test';
import { openAs } from './session';
import { personas } from './support';

async function shots(page: Page, name: string) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const width = page.viewportSize()!.width;
  const step = width < 500 ? 1100 : 2400;
  for (let y = 0, i = 0; y < height && i < 6; y += step, i++) {
    await page.screenshot({ path: `/tmp/${name}-${i}.png`, fullPage: true, clip: { x: 0, y, width, height: Math.min(step, height - y) } });
  }
}

test('scratch', async ({ page }) => {
  test.setTimeout(150_000);
  page.on('console', (msg) => { if (msg.type() === 'error') console.log('console:', msg.text()); });
  await openAs(page, process.env.SCRATCH_AS ?? personas.memberActive, process.env.SCRATCH_PATH ?? '/mi-cuenta/hacer-pedido');
  await page.waitForTimeout(1500);
  if (process.env.SCRATCH_ADD) {
    for (const name of process.env.SCRATCH_ADD.split(',')) await page.getByRole('button', { name: `Agregar ${name} al carrito` }).click();
    await page.waitForTimeout(1500);
  }
  if (process.env.SCRATCH_ROW) {
    await page.getByRole('row', { name: new RegExp(process.env.SCRATCH_ROW) }).click();
    await page.waitForTimeout(2000);
  }
  if (process.env.SCRATCH_CLICK) {
    for (const name of process.env.SCRATCH_CLICK.split(',')) await page.getByRole('button', { name }).first().click();
    await page.waitForTimeout(1500);
  }
  if (process.env.SCRATCH_DARK) await page.evaluate(() => document.documentElement.classList.add('dark'));
  await shots(page, 'd');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(500);
  await shots(page, 'm');
});
