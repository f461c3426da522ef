// Finanzas as Sofía (superadmin with finance): the open month's report says what the sales and the
// ledger say (revenue, gross margin, rewards net, payouts paid and the commission liability, each
// computed here in SQL from the source tables, not from the kept figures the screen reads), its CSV
// carries the same numbers, the page passes axe light and dark. The company's figures: @empresa.
// As Diego (superadmin without finance): the route sends him away and the API refuses him.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { createFormatters } from '../../src/lib/format/format';
import { readSettings } from './db';
import { expectAccessible, shootScreen } from './look';
import { openAs, sessionFor } from './session';
import { cfg, personas, withDb } from './support';

interface Expected {
  month: string;
  revenue: string;
  rewardsNet: string;
  payoutsPaid: string;
  grossMargin: string;
  liability: string;
}

/** The open month as the source tables say it now. */
const expected = () =>
  withDb(async (db) => {
    const [row] = (
      await db.query<Expected>(
        `with month as (select private.current_period() as first)
         select to_char(month.first, 'YYYY-MM') as month,
                (select coalesce(sum(s.total), 0)::text from public.sales s
                  where s.status in ('Pagada', 'Entregada') and s.period_month = month.first) as revenue,
                (select coalesce(sum(r.amount), 0)::text from public.reward_transactions r
                  where r.period_month = month.first
                    and r.type in ('commission_purchase', 'commission_enrollment', 'bonus_starter', 'bonus_volume', 'reversal_commission')) as "rewardsNet",
                (select coalesce(sum(p.amount), 0)::text from public.payout_requests p
                  where p.status = 'paid' and private.business_month(p.paid_at) = month.first) as "payoutsPaid",
                -- Revenue less the unit costs recorded when each line left the stock.
                (select (coalesce(sum(s.total), 0) - coalesce((select sum(l.units * coalesce(l.unit_cost, 0)) from private.sale_line_costs l
                                                                  join public.sales x on x.id = l.sale_id
                                                                 where x.status in ('Pagada', 'Entregada') and x.period_month = month.first), 0))::text
                   from public.sales s where s.status in ('Pagada', 'Entregada') and s.period_month = month.first) as "grossMargin",
                -- What the ledger owes the members at the month's end: every commission and bonus net of
                -- its reversals up to this month, less what was paid out.
                ((select coalesce(sum(r.amount), 0) from public.reward_transactions r
                   where r.period_month <= month.first
                     and r.type in ('commission_purchase', 'commission_enrollment', 'bonus_starter', 'bonus_volume', 'reversal_commission'))
                 - (select coalesce(sum(p.amount), 0) from public.payout_requests p
                     where p.status = 'paid' and private.business_month(p.paid_at) <= month.first))::text as liability
           from month`,
      )
    ).rows;
    return row!;
  });

test(
  'Sofía lee el mes de Finanzas como lo dicen las ventas y el libro, lo exporta; Diego sin finanzas no lo ve',
  { tag: '@empresa' },
  async ({ page, browser }) => {
    const f = createFormatters(await readSettings());
    const want = await expected();
    await openAs(page, personas.superFinance, `/finanzas?mes=${want.month}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Finanzas' })).toBeVisible();
    const figure = (testId: string) => page.getByTestId(testId).locator('[data-slot="figure"]');
    await expect(figure('finance-revenue')).toHaveText(f.money(want.revenue));
    await expect(figure('finance-rewards')).toHaveText(f.money(want.rewardsNet));
    await expect(figure('finance-payouts')).toHaveText(f.money(want.payoutsPaid));
    await expect(figure('finance-gross-margin')).toHaveText(f.money(want.grossMargin));
    await expect(figure('finance-liability')).toHaveText(f.money(want.liability));
    await expect(page.getByRole('heading', { level: 2, name: 'Margen por producto' })).toBeVisible();
    await expect(page.getByRole('img', { name: /últimos 12 meses/ })).toBeVisible();

    // The month's CSV: its header and the same revenue, as a plain decimal.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `Exportar CSV del informe de ${f.month(want.month)}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`finanzas-${want.month}.csv`);
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFmes,ingresos,costo_de_lo_vendido')).toBe(true);
    expect(csv.split('\r\n')[1]!.split(',').slice(0, 2)).toEqual([want.month, Number(want.revenue).toFixed(2)]);

    await expectAccessible(page, 'Finanzas');
    await shootScreen(page, 'finanzas');

    // Diego is a superadmin without finance: the route sends him away, the API refuses him.
    const other = await (await browser.newContext()).newPage();
    await openAs(other, personas.superadmin, '/finanzas');
    await expect(other.getByRole('heading', { level: 1, name: 'Finanzas' })).toHaveCount(0);
    await expect(other).not.toHaveURL(/\/finanzas/);
    const { access_token: token } = await sessionFor(personas.superadmin);
    const res = await fetch(`${cfg.apiUrl}/rest/v1/rpc/get_finance_month`, {
      method: 'POST',
      headers: { apikey: cfg.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({}),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      hint: 'savia:forbidden',
      message: 'Solo un superadmin con acceso a finanzas puede ver los informes financieros.',
    });
  },
);
