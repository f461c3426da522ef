// Configuración › Plan de compensación (/configuracion?tab=plan): Sofía raises Estrella 2's first
// generation, reads the what-if of the last closed month, is refused a level whose rates add up to
// more than 100 %, saves and sees the new version; the database holds the new rates, stamped with
// her. Then the new version at work, in Ventas: a sale approved after the save pays the ★2 sponsor
// 12 %, while a sale approved before it, cancelled after it, is reversed at the 10 % it paid. The
// sponsor, the buyer and the product are this run's own. The plan is shared by every spec: it is
// put back (by SQL) when the test ends.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type pg from 'pg';
import { createFormatters } from '../../src/lib/format/format';
import { readSettings } from './as-member';
import { expectAccessible, shootScreen } from './look';
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

/** One statement as a signed-in person, in its own transaction, as PostgREST runs an RPC. */
async function as<T extends pg.QueryResultRow>(db: pg.Client, email: string, text: string, params: unknown[] = []): Promise<T[]> {
  await db.query('begin');
  try {
    await db.query(
      `select set_config('request.jwt.claims', json_build_object('sub', u.id, 'role', 'authenticated', 'aud', 'authenticated')::text, true)
         from auth.users u where lower(u.email) = lower($1)`,
      [email],
    );
    await db.query('set local role authenticated');
    const { rows } = await db.query<T>(text, params);
    await db.query('commit');
    return rows;
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
}

const tag = randomUUID().slice(0, 8);
const buyerName = `Bruno Plan ${tag}`;

/** Sonia (★2, a root of her own) sponsors Bruno; a product of 50.00 commissionable, 5 in stock. */
const network = () =>
  withDb(async (db) => {
    const member = async (name: string, star: number, enroller: string | null) =>
      (
        await db.query<{ id: string }>(
          `insert into public.clients (name, email, enroller_id, star_level, enrollment_status, joined_at) values ($1, $2, $3, $4, 'registered', now()) returning id`,
          [name, `${name.toLowerCase().replace(/\s+/g, '.')}@tests.savia`, enroller, star],
        )
      ).rows[0]!.id;
    const sonia = await member(`Sonia Plan ${tag}`, 2, null);
    const bruno = await member(buyerName, 1, sonia);
    const { rows } = await db.query<{ id: string }>(
      `insert into public.products (sku, name, price, commissionable_amount, points, stock) values ($1, $2, 60, 50, 50, 5) returning id`,
      [`T-PLAN-${tag}`, `Producto del plan ${tag}`],
    );
    return { sonia, bruno, product: rows[0]!.id };
  });

/** A direct sale of one unit to Bruno, paid at once (Laura). */
const paidSale = (who: { bruno: string; product: string }) =>
  withDb(async (db) => {
    const [sale] = await as<{ id: string; sale_no: number }>(db, personas.admin, `select id, sale_no::int from public.create_direct_sale($1, $2::jsonb)`, [
      who.bruno,
      JSON.stringify([{ product_id: who.product, quantity: 1 }]),
    ]);
    return sale!;
  });

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

test('Sofía edita una tasa, lee la vista previa, ve el rechazo de tasas sobre 100 % y guarda una versión nueva', async ({ page }) => {
  const original = await withDb(async (db) => (await db.query<Level>('select * from public.star_level_configs order by level')).rows);
  const versionBefore = await withDb(async (db) => (await db.query<{ v: number }>('select max(version)::int as v from public.plan_versions')).rows[0]!.v);
  const own = await network();
  try {
    // Approved under the plan in force: 10 % of 50.00 to Sonia, ★2.
    const old = await paidSale(own);
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
    await shootScreen(page, 'configuracion-plan');

    // A level whose rates add up to 104 %: refused where Sofía looks, nothing saved.
    await page.getByLabel('Generación 1 del nivel 3 (%)').fill('95');
    await page.getByRole('button', { name: 'Guardar plan' }).click();
    const confirm = page.getByRole('alertdialog', { name: '¿Guardar el plan de compensación?' });
    await expect(confirm).toContainText('Lo ya pagado conserva la versión con la que se pagó');
    await expectAccessible(page, 'la confirmación de guardar el plan');
    await confirm.getByRole('button', { name: 'Guardar plan' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'nivel 3' })).toHaveText(
      'Las tasas de comisión del nivel 3 suman 104 %: no pueden pasar del 100 %.',
    );
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
    await withDb((db) => as(db, personas.admin, 'select public.cancel_sale($1, $2)', [old.id, 'Devolución para probar la versión del plan.']));
    const fresh = await paidSale(own);
    expect(await sponsorEntries(old.id, own.sonia)).toEqual([
      { type: 'commission_purchase', amount: '5.00', rate: '0.1000', plan_version: versionBefore },
      { type: 'reversal_commission', amount: '-5.00', rate: '0.1000', plan_version: saved.version },
    ]);
    expect(await sponsorEntries(fresh.id, own.sonia)).toEqual([{ type: 'commission_purchase', amount: '6.00', rate: '0.1200', plan_version: saved.version }]);

    // What Ventas shows of each, Bruno's sales only: the old one reversed at the 10 % it was paid,
    // not at today's rate…
    const f = createFormatters(await readSettings());
    const paidWith = (rate: number, amount: number, version: number) =>
      `Comisión por la compra de ${buyerName} (1.ª generación): ${f.percent(rate)} de ${f.money(50)} = ${f.money(amount)} · nivel ★2 · plan v${version}`;
    await page.goto(`/ventas?miembro=${own.bruno}&venta=${old.id}`);
    const reversed = await expectSponsorEntry(page, paidWith(0.1, 5, versionBefore));
    const original = reversed.getByTestId('ledger-entry').filter({ hasText: paidWith(0.1, 5, versionBefore) });
    await expect(original.getByTestId('ledger-note')).toHaveText(
      `Revertida: se canceló la venta #${old.sale_no} («Devolución para probar la versión del plan»)`,
    );
    await expect(reversed.getByTestId('ledger-value').filter({ hasText: `-${f.money(5)}` })).toHaveCount(1);
    // …and the new one at 12 % under the new version.
    await page.keyboard.press('Escape');
    await page.getByRole('table', { name: 'Ventas' }).getByRole('row').filter({ hasText: 'Pagada' }).click();
    await expect(page).toHaveURL(new RegExp(`venta=${fresh.id}`));
    await expectSponsorEntry(page, paidWith(0.12, 6, saved.version));
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
      await db.query('update public.products set is_active = false where id = $1', [own.product]);
    });
  }
});
