// Dashboard as Laura (admin): the to-do items and the month's figures agree with the database (each
// expected figure computed here in SQL from the source tables, not from the Dashboard's aggregates),
// and «Miembros activos» opens Clientes filtered to the same count: the company's figures, so
// @empresa (read while nobody else writes). As Diego (superadmin): a product of the test's own at
// low stock offers «Reponer», which opens Proveedores with it.
import type { Page } from '@playwright/test';
import { createFormatters } from '../../src/lib/format/format';
import { readSettings } from './db';
import { expect, test } from './fixtures';
import { expectAccessible, shootScreen } from './look';
import type { Own } from './own';
import { openAs } from './session';
import { personas, withDb } from './support';

/** A product of the test's own with 2 units: low stock at the demo's threshold (20). */
const lowProduct = (own: Own) =>
  own.product({ name: `Tónico de prueba ${own.tag}`, sku: `DASH-${own.tag}`, price: 12, commissionable: 10, points: 10, stock: 2 });

interface Expected {
  pending: number;
  salesTotal: string;
  salesCount: number;
  active: number;
  payoutsAmount: string;
}

/** The figures as the source tables say them now, in the company's time zone. */
const expected = () =>
  withDb(async (db) => {
    const [row] = (
      await db.query<Expected>(
        `with tz as (select private.company_timezone() as name),
              month as (select date_trunc('month', now() at time zone tz.name)::date as first from tz)
         select (select count(*)::int from public.sales where status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento')) as pending,
                (select coalesce(sum(s.total), 0)::text from public.sales s, tz, month
                  where s.status in ('Pagada', 'Entregada') and (s.created_at at time zone tz.name)::date >= month.first) as "salesTotal",
                (select count(*)::int from public.sales s, tz, month
                  where s.status in ('Pagada', 'Entregada') and (s.created_at at time zone tz.name)::date >= month.first) as "salesCount",
                (select count(*)::int from public.clients where is_active) as active,
                (select coalesce(sum(amount), 0)::text from public.payout_requests where status in ('pending', 'approved')) as "payoutsAmount"`,
      )
    ).rows;
    return row!;
  });

const card = (page: Page, title: string) =>
  page.locator('[data-slot="kpi-card"]').filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

test('el admin ve lo pendiente y las cifras del mes como las dice la base, y sigue una cifra a sus filas', { tag: '@empresa' }, async ({ page, own }) => {
  const product = await lowProduct(own);
  const f = createFormatters(await readSettings());
  await openAs(page, personas.admin, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Para hacer hoy' })).toBeVisible();
  const want = await expected();

  // What needs doing: the approvals waiting, a link to Aprobaciones.
  if (want.pending > 0) {
    const approvals = page.getByRole('link', {
      name: new RegExp(want.pending === 1 ? '^1 venta espera aprobación' : `^${want.pending} ventas esperan aprobación`),
    });
    await expect(approvals).toHaveAttribute('href', '/aprobaciones');
  }

  // The month in figures, said on each card.
  const sales = card(page, 'Ventas netas de cancelaciones');
  await expect(sales.getByText(f.money(want.salesTotal), { exact: true })).toBeVisible();
  await expect(sales.getByText(`${f.count(want.salesCount)} ventas pagadas o entregadas`)).toBeVisible();
  await expect(sales.getByRole('link', { name: /Ver las ventas/ })).toHaveAttribute(
    'href',
    /^\/ventas\?desde=\d{4}-\d{2}-01&hasta=\d{4}-\d{2}-\d{2}&estado=pagada,entregada$/,
  );
  await expect(card(page, 'Aprobaciones pendientes').getByText(f.count(want.pending), { exact: true })).toBeVisible();
  await expect(card(page, 'Retiros pendientes').getByText(f.money(want.payoutsAmount), { exact: true })).toBeVisible();
  const active = card(page, 'Miembros activos');
  await expect(active.getByText(f.count(want.active), { exact: true })).toBeVisible();

  // The charts load after the figures, each with its table.
  await expect(page.getByRole('img', { name: 'Ventas por día: este mes y el anterior' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Miembros activos en los últimos 6 meses' })).toBeVisible();
  await page.getByText('Ver como tabla').first().click();
  await expect(page.getByRole('table', { name: 'Ventas por día: este mes y el anterior' })).toBeVisible();

  // Low stock: this spec's product, linked to Productos; no «Reponer» for an admin.
  const lowStock = page.getByRole('region', { name: 'Stock bajo' });
  await expect(lowStock.getByRole('link', { name: new RegExp(product.name) })).toHaveAttribute('href', `/productos?producto=${product.id}`);
  await expect(lowStock.getByRole('link', { name: /^Reponer/ })).toHaveCount(0);

  await expectAccessible(page, 'Dashboard');
  await shootScreen(page, 'dashboard');

  // «Miembros activos» opens Clientes filtered to the active ones: the same count.
  await active.getByRole('link', { name: /Ver miembros/ }).click();
  await expect(page).toHaveURL(/\/clientes\?activo=si/);
  await expect(page.getByText(want.active === 1 ? '1 resultado' : `${f.count(want.active)} resultados`)).toBeVisible();
});

test('el superadmin repone un producto en stock bajo desde el Dashboard', async ({ page, own }) => {
  const product = await lowProduct(own);
  await openAs(page, personas.superadmin, '/dashboard');
  const lowStock = page.getByRole('region', { name: 'Stock bajo' });
  const restock = lowStock.getByRole('link', { name: `Reponer ${product.name}` });
  await expect(restock).toHaveAttribute('href', `/proveedores?reponer=${product.id}`);
  await restock.click();
  await expect(page).toHaveURL(new RegExp(`/proveedores\\?reponer=${product.id}`));
});
