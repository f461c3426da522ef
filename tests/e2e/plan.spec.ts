// Configuración › Plan de compensación (/configuracion?tab=plan): Sofía raises Estrella 2's first
// generation, reads the what-if of the last closed month, is refused a level whose rates add up to
// more than 100 %, saves and sees the new version; the database holds the new rates, stamped with
// her. Then the new version at work, in Ventas: a sale approved after the save pays the ★2 sponsor
// 12 %, while a sale approved before it, cancelled after it, is reversed at the 10 % it paid. The
// sponsor, the buyer and the product are the test's own. The plan is the company's: @empresa, and
// put back (by SQL) when the test ends.
import type { Page } from '@playwright/test';
import { createFormatters } from '../../src/lib/format/format';
import { asPerson, readSettings } from './db';
import { expect, test } from './fixtures';
import { expectAccessible, shootScreen } from './look';
import type { Own } from './own';
import { openAs } from './session';
import { awaitSimulation, personas, withDb } from './support';

type Level = {
  level: number;
  name: string;
  personal_points: number;
  group_points: number;
  commission_rates: string[];
  volume_bonus_rate: string;
  starter_bonus: string;
};

/** Sonia (★2, a root of her own) sponsors Bruno; a product of 50.00 commissionable, 5 in stock. */
async function network(own: Own) {
  const sonia = await own.member({ name: `Sonia Plan ${own.tag}`, star: 2 });
  const bruno = await own.member({ name: `Bruno Plan ${own.tag}`, enroller: sonia.id });
  const product = await own.product({ name: `Producto del plan ${own.tag}`, price: 60_000, commissionable: 50_000, points: 50, stock: 5 });
  return { sonia: sonia.id, bruno: bruno.id, buyerName: bruno.name, product: product.id };
}

/** A direct sale of one unit to Bruno, paid at once (Laura). */
const paidSale = (own: Own, who: { bruno: string; product: string }) => own.directSale(who.bruno, [{ product_id: who.product, quantity: 1 }]);

/** The sponsor's first-generation commission of a sale and, if any, its reversal. */
const sponsorEntries = (saleId: string, sonia: string) =>
  withDb(
    async (db) =>
      (
        await db.query<{ type: string; amount: string; rate: string; plan_version: number }>(
          `select type, amount::text, rate::text, plan_version from public.reward_transactions
          where source_sale_id = $1 and beneficiary_id = $2 and generation = 1 order by id`,
          [saleId, sonia],
        )
      ).rows,
  );

/** The sale open in Ventas: the sponsor's entry says the rate, the amount and the plan version it was paid with. */
async function expectSponsorEntry(page: Page, why: string) {
  const entries = page.getByRole('dialog').getByTestId('sale-entries');
  await expect(entries.getByTestId('ledger-why').filter({ hasText: why })).toHaveCount(1);
  return entries;
}

test('Sofía edita una tasa, lee la vista previa, ve el rechazo de tasas sobre 100 % y guarda una versión nueva', { tag: '@empresa' }, async ({ page, own }) => {
  const original = await withDb(async (db) => (await db.query<Level>('select * from public.star_level_configs order by level')).rows);
  const versionBefore = await withDb(async (db) => (await db.query<{ v: number }>('select max(version)::int as v from public.plan_versions')).rows[0]!.v);
  const net = await network(own);
  try {
    // Approved under the plan in force: 10 % of 50.00 to Sonia, ★2.
    const old = await paidSale(own, net);
    await openAs(page, personas.superFinance, '/configuracion?tab=plan');
    await expect(page.getByRole('tab', { name: 'Plan de compensación' })).toHaveAttribute('aria-selected', 'true');
    const rate = page.getByLabel('Generación 1 del nivel 2 (%)');
    await expect(rate).toHaveValue('10');
    await rate.fill('12');

    await page.getByRole('button', { name: 'Vista previa' }).click();
    const whatIf = page.getByTestId('what-if');
    await awaitSimulation(whatIf);
    await expect(whatIf).toContainText('Comisión por compra, generación 1');
    await expect(whatIf).toContainText('Con el borrador');
    // What was paid as a share of the month's sales, before and after; a cost in a cost's colour.
    const month = await withDb(
      async (db) =>
        (
          await db.query<{ sales: string; currency: string }>(
            `select coalesce(sum(s.total), 0) as sales, (select currency from public.metadata where id = 'app_settings') as currency
               from public.sales s
              where s.period_month = (select max(month) from public.periods where status = 'closed') and s.status in ('Pagada', 'Entregada')`,
          )
        ).rows[0]!,
    );
    const salesText = createFormatters({ currency: month.currency, timezone: 'UTC' }).money(month.sales);
    for (const id of ['what-if-share-before', 'what-if-share-after']) {
      await expect(whatIf.getByTestId(id)).toContainText(`de las ventas del mes (${salesText})`);
      await expect(whatIf.getByTestId(id)).toHaveText(/^[\d.,]+%\s/);
    }
    await expect(whatIf).toContainText('en rojo lo que pagaría de más');
    const difference = whatIf.getByTestId('what-if-difference');
    const sign = (await difference.textContent())?.trim()[0];
    await expect(difference).toHaveClass(sign === '+' ? /text-destructive/ : sign === '-' ? /text-tone-green/ : /^(?!.*text-destructive)/);
    await shootScreen(page, 'configuracion-plan');

    // A level whose rates add up to 104 %: refused where Sofía looks, nothing saved.
    await page.getByLabel('Generación 1 del nivel 3 (%)').fill('95');
    await page.getByRole('button', { name: 'Guardar plan' }).click();
    const confirm = page.getByRole('alertdialog', { name: '¿Guardar el plan de compensación?' });
    await expect(confirm).toContainText('Lo ya pagado conserva la versión con la que se pagó');
    await expectAccessible(page, 'la confirmación de guardar el plan');
    await confirm.getByRole('button', { name: 'Guardar plan' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'nivel 3' })).toHaveText('Las tasas de comisión del nivel 3 suman 104%: no pueden pasar del 100%.');
    await expect(page.getByTestId('plan-level-3')).toHaveAttribute('aria-invalid', 'true');
    expect(await withDb(async (db) => (await db.query<{ v: number }>('select max(version)::int as v from public.plan_versions')).rows[0]!.v)).toBe(
      versionBefore,
    );

    await page.getByLabel('Generación 1 del nivel 3 (%)').fill('10');
    await page.getByRole('button', { name: 'Guardar plan' }).click();
    await confirm.getByRole('button', { name: 'Guardar plan' }).click();
    await expect(page.getByText(/^Plan guardado: ahora rige la versión \d+\.$/)).toBeVisible();
    const saved = await withDb(
      async (db) =>
        (
          await db.query<{ rates: string[]; version: number; email: string }>(
            `select s.commission_rates::text[] as rates, v.version, u.email
             from public.star_level_configs s, public.plan_versions v join auth.users u on u.id = v.created_by
            where s.level = 2 and v.version = (select max(version) from public.plan_versions)`,
          )
        ).rows[0]!,
    );
    // Exactly one new version (its number may skip: an identity is not rolled back with a test's transaction).
    expect(saved).toEqual({ rates: ['0.1200', '0.0500'], version: expect.any(Number), email: personas.superFinance });
    const added = await withDb(
      async (db) => (await db.query<{ n: number }>('select count(*)::int as n from public.plan_versions where version > $1', [versionBefore])).rows[0]!.n,
    );
    expect(added).toBe(1);
    const versions = page.getByRole('list', { name: 'Versiones del plan' });
    await expect(versions.getByRole('listitem').first()).toContainText(`Versión ${saved.version}`);
    await expect(versions.getByRole('listitem').first()).toContainText('Vigente');
    await expect(page.getByLabel('Generación 1 del nivel 2 (%)')).toHaveValue('12');

    await expectAccessible(page, 'el plan de compensación');

    // The new version at work: Bruno's old sale is cancelled and a new one is approved.
    await asPerson(personas.admin, 'select public.cancel_sale($1, $2)', [old.id, 'Devolución para probar la versión del plan.']);
    const fresh = await paidSale(own, net);
    expect(await sponsorEntries(old.id, net.sonia)).toEqual([
      { type: 'commission_purchase', amount: '5000.00', rate: '0.1000', plan_version: versionBefore },
      { type: 'reversal_commission', amount: '-5000.00', rate: '0.1000', plan_version: saved.version },
    ]);
    expect(await sponsorEntries(fresh.id, net.sonia)).toEqual([
      { type: 'commission_purchase', amount: '6000.00', rate: '0.1200', plan_version: saved.version },
    ]);

    // What Ventas shows of each, Bruno's sales only: the old one reversed at the 10 % it was paid,
    // not at today's rate…
    const f = createFormatters(await readSettings());
    const paidWith = (rate: number, amount: number, version: number) =>
      `Comisión por la compra de ${net.buyerName} (1.ª generación): ${f.percent(rate)} de ${f.money(50_000)} = ${f.money(amount)} · nivel ★2 · plan v${version}`;
    await page.goto(`/ventas?miembro=${net.bruno}&venta=${old.id}`);
    const reversed = await expectSponsorEntry(page, paidWith(0.1, 5_000, versionBefore));
    const original = reversed.getByTestId('ledger-entry').filter({ hasText: paidWith(0.1, 5_000, versionBefore) });
    await expect(original.getByTestId('ledger-note')).toHaveText(
      `Revertida: se canceló la venta #${old.sale_no} («Devolución para probar la versión del plan»)`,
    );
    await expect(reversed.getByTestId('ledger-value').filter({ hasText: `-${f.money(5_000)}` })).toHaveCount(1);
    // …and the new one at 12 % under the new version.
    await page.keyboard.press('Escape');
    await page.getByRole('table', { name: 'Ventas' }).getByRole('row').filter({ hasText: 'Pagada' }).click();
    await expect(page).toHaveURL(new RegExp(`venta=${fresh.id}`));
    await expectSponsorEntry(page, paidWith(0.12, 6_000, saved.version));
  } finally {
    await withDb(async (db) => {
      for (const l of original) {
        await db.query('update public.star_level_configs set commission_rates = $2, volume_bonus_rate = $3, starter_bonus = $4 where level = $1', [
          l.level,
          l.commission_rates,
          l.volume_bonus_rate,
          l.starter_bonus,
        ]);
      }
    });
  }
});
