// Configuración › Cierre de mes and Bitácora: Sofía (superadmin with finance) previews the month in
// course (the demo's only open month stays open: other specs write into it) and checks its totals
// against the database, reads what a closed month's close did, then finds an operator's direct SQL
// change in the audit log by its filters, under its database role, and is refused a backwards range.
import { expect, test } from '@playwright/test';
import { expectAccessible, shootScreen } from './look';
import { openAs } from './session';
import { personas, withDb } from './support';

const supplierName = `Proveedor bitácora ${Math.random().toString(36).slice(2, 7)}`;

test('el superadmin previsualiza el cierre, lee un mes cerrado y encuentra en la bitácora un cambio hecho en SQL', async ({ page }) => {
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
        .then(async (added) =>
          db.query<{ id: string }>(`update public.suppliers set phone = '3001234567' where id = $1 returning id`, [added.rows[0]!.id]),
        )
    ).rows,
    (await db.query<{ day: string }>(`select to_char(now() at time zone 'America/Bogota', 'YYYY-MM-DD') as day`)).rows,
  ]);

  await openAs(page, personas.superFinance, `/configuracion?tab=cierre&mes=${expected!.month}`);
  const detail = page.getByRole('region', { name: /de 2026$/ });
  await expect(page.getByRole('list', { name: 'Meses de negocio' }).getByRole('button', { name: /En curso/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await page.getByRole('button', { name: 'Vista previa del cierre' }).click();
  const totals = detail.getByRole('definition');
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

  // The audit log: the supplier's phone, changed by an operator in SQL, found by table, record and date.
  await page.getByRole('tab', { name: 'Bitácora' }).click();
  const filters = page.getByRole('form', { name: 'Filtros de la bitácora' });
  await filters.getByLabel('Tabla').selectOption('suppliers');
  await filters.getByLabel('Id del registro').fill(supplier!.id);
  await filters.getByLabel('Desde').fill(today!.day);
  await filters.getByLabel('Hasta').fill(today!.day);
  await filters.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/tabla=suppliers/);
  const entries = page.getByRole('list', { name: 'Bitácora' }).getByRole('article');
  await expect(entries).toHaveCount(2);
  const change = entries.first();
  await expect(change).toContainText('Cambio');
  await expect(change).toContainText('Operador en la base de datos (postgres)');
  await expect(change.getByRole('rowheader', { name: /phone/ })).toBeVisible();
  await expect(change.getByRole('row', { name: /phone/ })).toContainText('3001234567');
  await expect(change.getByRole('link', { name: 'Abrir el registro' })).toHaveAttribute('href', `/proveedores?proveedor=${supplier!.id}`);
  await expectAccessible(page, 'Bitácora');
  await shootScreen(page, 'configuracion-bitacora');

  // A backwards range: the database's sentence where Sofía is looking.
  await filters.getByLabel('Desde').fill('2026-02-02');
  await filters.getByLabel('Hasta').fill('2026-02-01');
  await filters.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('alert')).toContainText('La fecha final no puede ser anterior a la inicial.');
});
