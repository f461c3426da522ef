// Configuración › Cierre de mes and Bitácora: Sofía (superadmin with finance) previews the month in
// course (the demo's only open month stays open: other specs write into it) and checks its totals
// against the database (@empresa: the month's figures are everyone's), reads what a closed month's
// close did, then finds an operator's direct SQL change in the audit log by its filters, under its
// database role, and is refused a backwards range. Then she closes a month for real: one of the
// test's own, long ago, with a small history written on the engine's clock; the preview, the close
// and the summary agree.
import { readFile } from 'node:fs/promises';
import { createFormatters } from '../../src/lib/format/format';
import { readSettings } from './db';
import { expect, test } from './fixtures';
import { expectAccessible, shootScreen } from './look';
import type { Own } from './own';
import { toastsGone } from './pages/shell';
import { openAs } from './session';
import { awaitSimulation, personas, withDb } from './support';
import { readXlsx } from '../xlsx-read';

const supplierTag = Math.random().toString(36).slice(2, 7);
const supplierName = `Proveedor bitácora ${supplierTag}`;

test('el superadmin previsualiza el cierre, lee un mes cerrado y encuentra en la bitácora un cambio hecho en SQL', { tag: '@empresa' }, async ({ page }) => {
  // The preview's figures as the database computes them, and an operator's change made in SQL.
  const [[expected], [supplier], [today]] = await withDb(async (db) => [
    (
      await db.query<{
        month: string;
        forfeits: number;
        bonuses: number;
        closed: string;
      }>(`
        select to_char(private.current_period(), 'YYYY-MM-DD') as month,
               count(*) filter (where a.action = 'forfeit')::int as forfeits, count(*) filter (where a.action = 'bonus_volume')::int as bonuses,
               (select to_char(max(p.month), 'YYYY-MM-DD') from public.periods p where p.status = 'closed') as closed
          from private.period_close_actions(private.current_period(), (select p.plan from private.plan() p)) a`)
    ).rows,
    (
      await db
        .query<{ id: string }>(`insert into public.suppliers (name) values ($1) returning id`, [supplierName])
        .then(async (added) => db.query<{ id: string }>(`update public.suppliers set phone = '3001234567' where id = $1 returning id`, [added.rows[0]!.id]))
    ).rows,
    (await db.query<{ day: string }>(`select to_char(now() at time zone 'America/Bogota', 'YYYY-MM-DD') as day`)).rows,
  ]);

  await openAs(page, personas.superFinance, `/configuracion?tab=cierre&mes=${expected!.month}`);
  const detail = page.getByRole('region', { name: /de 2026$/ });
  await expect(page.getByRole('list', { name: 'Meses de negocio' }).getByRole('button', { name: /En curso/ })).toHaveAttribute('aria-current', 'true');
  await page.getByRole('button', { name: 'Vista previa del cierre' }).click();
  const totals = detail.getByRole('definition');
  await awaitSimulation(totals.first());
  await expect(totals.first()).toHaveText(String(expected!.forfeits));
  await expect(detail.getByRole('term').filter({ hasText: 'Bonos de volumen' }).first().locator('xpath=following-sibling::dd')).toHaveText(
    String(expected!.bonuses),
  );
  await expectAccessible(page, 'Cierre de mes con la vista previa');
  await shootScreen(page, 'configuracion-cierre');

  // A closed month: what its close did, with its amounts (Sofía has finance).
  await page
    .getByRole('list', { name: 'Meses de negocio' })
    .getByRole('button', { name: /Cerrado/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`mes=${expected!.closed}`));
  await expect(page.getByRole('heading', { name: 'Lo que hizo el cierre' })).toBeVisible();
  await expect(page.getByText('Ingreso que quedó disponible')).toBeVisible();

  // The audit log: the supplier's phone, changed by an operator in SQL, found by the words a person
  // types (the supplier's name, without its accents) and the day; told as a sentence, its field on demand.
  await page.getByRole('tab', { name: 'Bitácora' }).click();
  const filters = page.getByRole('form', { name: 'Filtros de la bitácora' });
  await filters.getByLabel('Buscar en la bitácora').fill(`proveedor bitacora ${supplierTag}`);
  await filters.getByLabel('Desde').fill(today!.day);
  await filters.getByLabel('Hasta').fill(today!.day);
  await filters.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page).toHaveURL(/buscar=/);
  const entries = page.getByRole('list', { name: 'Bitácora' }).getByRole('article');
  await expect(entries).toHaveCount(2);
  const change = entries.first();
  await expect(change).toHaveAccessibleName(`Un operador en la base de datos cambió el proveedor ${supplierName}`);
  await expect(entries.nth(1)).toHaveAccessibleName(`Un operador en la base de datos creó el proveedor ${supplierName}`);
  await expect(change).not.toContainText(/postgres|phone|[0-9a-f]{8}-[0-9a-f]{4}-/);
  await change.getByText('Ver el campo que cambió').click();
  await expect(change.getByRole('term')).toHaveText(['Teléfono']);
  await expect(change.getByRole('definition')).toHaveText('— → pasó a 3001234567');
  await expect(change.getByRole('link', { name: 'Abrir el registro' })).toHaveAttribute('href', `/proveedores?proveedor=${supplier!.id}`);
  await expectAccessible(page, 'Bitácora');
  await shootScreen(page, 'configuracion-bitacora');

  // The same search by a word that is not in it: nothing, and the empty state says what to try.
  await filters.getByLabel('Buscar en la bitácora').fill(`proveedor bitacora ${supplierTag} aprobó`);
  await filters.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByText('Ningún cambio con estos filtros')).toBeVisible();

  // A backwards range: the database's sentence where Sofía is looking.
  await filters.getByLabel('Desde').fill('2026-02-02');
  await filters.getByLabel('Hasta').fill('2026-02-01');
  await filters.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('La fecha final no puede ser anterior a la inicial.');
});

test('Diego, superadmin sin finanzas, ve en la vista previa los recuentos, quién y por qué, sin importes', async ({ page }) => {
  const [{ month }] = await withDb(async (db) => (await db.query<{ month: string }>(`select to_char(private.current_period(), 'YYYY-MM-DD') as month`)).rows);
  await openAs(page, personas.superadmin, `/configuracion?tab=cierre&mes=${month}`);
  const detail = page.getByRole('region', { name: /de 2026$/ });
  await detail.getByRole('button', { name: 'Vista previa del cierre' }).click();
  const preview = detail.getByRole('region', { name: 'Vista previa del cierre' });
  const totals = preview.getByRole('term');
  await awaitSimulation(totals.first());
  await expect(totals).toHaveText(['Anulaciones por inactividad', 'Bonos de volumen', 'Subidas de nivel']);
  await expect(preview).toContainText('Los importes del cierre se muestran solo con el permiso de finanzas.');
  const rows = preview.getByRole('table', { name: 'Vista previa del cierre' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Importe solo con el permiso de finanzas');
  // No figure in the company's currency anywhere in the table (its symbol or code, as the screens write money).
  const { currency } = await readSettings();
  const symbol = createFormatters({ currency, timezone: 'UTC' })
    .money(0)
    .replace(/[\d.,\s-]/g, '');
  await expect(preview.getByRole('table', { name: 'Vista previa del cierre' })).not.toContainText(symbol);
  await expectAccessible(page, 'la vista previa sin finanzas');
  await shootScreen(page, 'configuracion-cierre-sin-finanzas');
});

/**
 * A month of the test's own, over two years ago (outside the 12 months Dashboard and Finanzas chart)
 * and no earlier month left open (other tests' old months are closed as soon as they are written:
 * tests/e2e/own.ts), with a history of its own on the 15th: Alba (★2) buys 1 unit and stays active;
 * Bea, under her, buys nothing and ends inactive; Ciro, under Bea, buys 10 units (1,000 points). The
 * close then has one of each: Bea's 10 % of Ciro's 1.000.000 forfeited, Alba's volume bonus (2 % of
 * her network's 1.000.000) and Ciro up to ★2.
 */
async function oldMonthWithHistory(own: Own) {
  const { month } = await withDb(
    async (db) =>
      (
        await db.query<{ month: string }>(
          `select to_char(m, 'YYYY-MM-DD') as month
             from generate_series(25, 600) back,
                  lateral (select (private.current_period() - make_interval(months => back))::date as m) x
            where not exists (select 1 from public.periods p where p.month = x.m)
            order by back limit 1`,
        )
      ).rows[0]!,
  );
  const names = { alba: `Alba Cierre ${own.tag}`, bea: `Bea Cierre ${own.tag}`, ciro: `Ciro Cierre ${own.tag}` };
  const alba = await own.member({ name: names.alba, star: 2 });
  const bea = await own.member({ name: names.bea, enroller: alba.id });
  const ciro = await own.member({ name: names.ciro, enroller: bea.id });
  const product = await own.product({ name: `Producto del cierre ${own.tag}`, price: 100_000, points: 100, stock: 20 });
  const at = `${month.slice(0, 8)}15 12:00:00-05`;
  for (const [buyer, quantity] of [
    [alba.id, 1],
    [ciro.id, 10],
  ] as const) {
    await own.directSale(buyer, [{ product_id: product.id, quantity }], { at });
  }
  await own.retire(product.id); // out of the catalogue other specs read
  return { month, names, ciro: ciro.id };
}

const summaryOf = (month: string) =>
  withDb(
    async (db) =>
      (await db.query<{ status: string; summary: Record<string, number> | null }>('select status, summary from public.periods where month = $1', [month]))
        .rows[0]!,
  );

test('Sofía cierra un mes terminado: vista previa, confirmación, lo que hizo el cierre, y la base dice lo mismo', async ({ page, own }) => {
  const old = await oldMonthWithHistory(own);
  try {
    const f = createFormatters(await readSettings());
    const name = f.month(old.month);
    await openAs(page, personas.superFinance, `/configuracion?tab=cierre&mes=${old.month}`);
    const detail = page.getByRole('region', { name });
    await expect(detail.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Meses de negocio' }).getByRole('button', { name: new RegExp(`^${name}`, 'i') })).toContainText('Abierto');

    // The preview between its two steps (every action, then the totals), as Sofía sees it while it runs.
    // pg_cron's runners leave alone a job whose lock is held: the test holds the next few jobs' locks
    // before asking, then claims the preview itself and works it a step at a time, as a runner does.
    await withDb(async (runner) => {
      const {
        rows: [{ next }],
      } = await runner.query<{ next: string }>(
        `select coalesce(pg_sequence_last_value(pg_get_serial_sequence('private.jobs', 'id')::regclass), 0) + 1 as next`,
      );
      const held = [0, 1, 2, 3, 4].map((i) => Number(next) + i);
      await runner.query('select pg_advisory_lock(private.job_lock_key(), id) from unnest($1::int[]) id', [held]);
      try {
        await detail.getByRole('button', { name: 'Vista previa del cierre' }).click();
        const queued = async () =>
          (await runner.query<{ id: string }>(`select id from private.jobs where kind = 'close_preview' and month = $1 and status = 'queued'`, [old.month]))
            .rows[0]?.id ?? null;
        await expect.poll(queued, { message: 'la vista previa está en cola' }).not.toBeNull();
        const id = Number(await queued());
        expect(held).toContain(id);
        // Held back (run_after) before its lock is let go: the two runners try every queued job twice
        // a second, and one took it in the instant between the unlock and the claim (in one clean-clone
        // run of five). A runner takes only a job that is due; claim_job(id) takes it anyway.
        await runner.query(`update private.jobs set run_after = now() + interval '1 hour' where id = $1`, [id]);
        const {
          rows: [claimed],
        } = await runner.query<{ id: string }>('select pg_advisory_unlock(private.job_lock_key(), $1::int), private.claim_job($2) as id', [id, id]);
        expect(Number(claimed!.id)).toBe(id);
        await runner.query('select private.run_job_step($1)', [id]);
        const progress = detail.getByRole('status');
        await expect(progress).toContainText('Calculando lo que hará el cierre con los datos de ahora…');
        await expect(progress).toContainText(`Paso ${f.count(2)} de ${f.count(2)}: los totales`);
        await expect(detail.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
        await shootScreen(page, 'configuracion-vista-previa-en-marcha');
        await runner.query('select private.run_job_step($1)', [id]);
        await runner.query('select private.release_job($1)', [id]);
      } finally {
        await runner.query('select pg_advisory_unlock_all()');
      }
    });
    const totals = detail.getByRole('region', { name: 'Vista previa del cierre' }).getByRole('definition');
    await awaitSimulation(totals.first());
    const expected = [f.count(1), f.money(100_000), f.count(1), f.money(20_000), f.count(1)]; // forfeits, their amount, bonuses, theirs, level-ups
    await expect(totals).toHaveText(expected);
    const preview = detail.getByRole('table', { name: 'Vista previa del cierre' });
    const row = (action: string, who: string) => preview.getByRole('row', { name: `${action} ${who}` });
    await expect(row('Anulación', old.names.bea)).toContainText('terminó el mes inactivo (0 de 100 puntos personales)');
    await expect(row('Bono de volumen', old.names.alba)).toContainText(f.money(20_000));
    await expect(row('Subida de nivel', old.names.ciro)).toContainText('★1 → ★2');

    await detail.getByRole('button', { name: 'Cerrar mes' }).click();
    const confirm = page.getByRole('alertdialog', { name: `¿Cerrar ${name}?` });
    await expect(confirm).toContainText(`Se cierra ${name} para siempre`);
    await expect(confirm).toContainText('El cierre corre en segundo plano');
    await expect(confirm.getByRole('definition')).toHaveText(expected);
    await expectAccessible(page, 'la confirmación de «Cerrar mes»');
    // pg_cron's job runners would take the close within a second. The test holds the turn of closes
    // (the runners' advisory lock: they leave the job alone meanwhile) and runs it itself, as a runner
    // would (postgres, outside any request): two steps first, to see the close under way, then the rest.
    await withDb(async (runner) => {
      await runner.query('select pg_advisory_lock(private.job_lock_key(), 0)');
      try {
        await confirm.getByRole('button', { name: 'Cerrar mes' }).click();
        await expect(detail.getByRole('status')).toContainText('El cierre está en cola');
        const [job] = (await runner.query<{ id: string }>(`select id from private.jobs where kind = 'period_close' and month = $1`, [old.month])).rows;
        // A pg_cron runner looking at the queue holds the job's own lock for an instant (then finds the
        // turn of closes taken and lets it go): a claim that meets that instant runs nothing and is made again.
        const twoSteps = async () => {
          await runner.query('call private.run_jobs(0, $1, 2)', [job!.id]);
          return (await runner.query<{ status: string }>('select status from private.jobs where id = $1', [job!.id])).rows[0]!.status;
        };
        await expect.poll(twoSteps, { message: 'el cierre dio sus dos primeros pasos' }).toBe('running');
        const progress = detail.getByRole('status');
        await expect(progress).toContainText('El cierre está en marcha');
        await expect(progress).toContainText(
          `Paso ${f.count(3)} de ${f.count(7)}: anulando lo de quienes terminaron el mes inactivos (${f.count(0)} de ${f.count(3)} miembros)`,
        );
        await expect(detail.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '29');
        await expect(page.getByRole('list', { name: 'Meses de negocio' }).getByRole('button', { name: new RegExp(`^${name}`, 'i') })).toContainText('Cerrando');
        await expectAccessible(page, 'el cierre en marcha');
        await shootScreen(page, 'configuracion-cierre-en-marcha');
        await runner.query('call private.run_jobs(0, $1)', [job!.id]);
      } finally {
        await runner.query('select pg_advisory_unlock(private.job_lock_key(), 0)');
      }
    });

    await expect(detail.getByRole('heading', { name: 'Lo que hizo el cierre' })).toBeVisible();
    const did = (label: string) =>
      detail
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::dd');
    await expect(did('Anulaciones por inactividad')).toHaveText(f.count(1));
    await expect(did('Importe anulado')).toHaveText(f.money(100_000));
    await expect(did('Bonos de volumen')).toHaveText(f.count(1));
    await expect(did('Importe de bonos de volumen')).toHaveText(f.money(20_000));
    await expect(did('Subidas de nivel')).toHaveText(f.count(1));
    // Alba keeps her 5 % of Ciro's purchase and her bonus; Bea's 100.000 was forfeited.
    await expect(did('Ingreso que quedó disponible')).toHaveText(f.money(70_000));

    // Who lost what and who earned: the rows the preview had, now as the close wrote them.
    const written = detail.getByRole('region', { name: 'Quién perdió y quién ganó' });
    const line = (action: string, who: string) =>
      written.getByRole('table', { name: 'Quién perdió y quién ganó' }).getByRole('row', { name: `${action} ${who}` });
    await expect(line('Anulación', old.names.bea)).toContainText(f.money(-100_000));
    await expect(line('Anulación', old.names.bea)).toContainText('el mes inactivo (0 de 100 puntos personales)');
    await expect(line('Bono de volumen', old.names.alba)).toContainText(f.money(20_000));
    await expect(line('Subida de nivel', old.names.ciro)).toContainText('★1 → ★2');
    await expectAccessible(page, 'lo que escribió el cierre');
    await shootScreen(page, 'configuracion-cierre-hecho');

    // Exported: the CSV for machines and the Excel file for people, the same three rows.
    const csvDownload = page.waitForEvent('download');
    await written.getByRole('button', { name: 'Exportar CSV' }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toBe(`cierre-${old.month.slice(0, 7)}.csv`);
    const lines = new TextDecoder()
      .decode((await readFile((await csv.path())!)).subarray(3))
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe('Mes,Qué,Miembro,Número de miembro,Importe,Moneda,Nivel antes,Nivel después,Motivo');
    expect(lines.slice(1).map((l) => l.split(',').slice(1, 3).join(','))).toEqual([
      `Bono de volumen,${old.names.alba}`,
      `Anulación,${old.names.bea}`,
      `Subida de nivel,${old.names.ciro}`,
    ]);
    expect(lines[2]).toContain(',-100000.00,');
    await toastsGone(page);
    const xlsxDownload = page.waitForEvent('download');
    await written.getByRole('button', { name: 'Exportar Excel' }).click();
    const workbook = await xlsxDownload;
    const { cells } = readXlsx(new Uint8Array(await readFile((await workbook.path())!)));
    expect(cells.C3).toMatchObject({ type: 'inlineStr', value: old.names.bea });
    expect(cells.E3).toMatchObject({ type: 'n', value: '-100000' });
    expect(cells.A5, 'exactamente las tres filas del cierre').toBeUndefined();

    // The database wrote what the preview said.
    const period = await summaryOf(old.month);
    expect(period.status).toBe('closed');
    expect(period.summary).toMatchObject({
      forfeits: 1,
      forfeited_amount: 100_000,
      volume_bonuses: 1,
      volume_bonus_amount: 20_000,
      level_ups: 1,
      members: 3,
      active: 2,
      income_available: 70_000,
    });
    const facts = await withDb(
      async (db) =>
        (
          await db.query<{ star: number; reason: string | null }>(
            `select (select star_level from public.clients where id = $2) as star,
                  (select r.reason from public.reward_transactions r where r.period_month = $1 and r.type = 'reversal_commission'
                      and r.beneficiary_id = (select c.enroller_id from public.clients c where c.id = $2)) as reason`,
            [old.month, old.ciro],
          )
        ).rows[0]!,
    );
    expect(facts).toEqual({ star: 2, reason: 'Beneficiario inactivo al cierre del mes' });
  } finally {
    // A month of the test's own left open would block every later close (an earlier month open):
    // whatever failed, the month ends closed.
    await withDb(async (db) => {
      await db.query('call private.run_jobs(0)');
      const { rows } = await db.query<{ status: string }>('select status from public.periods where month = $1', [old.month]);
      if (rows[0]?.status === 'open') await db.query('select private.close_period($1::date, null)', [old.month]);
    });
  }
});
