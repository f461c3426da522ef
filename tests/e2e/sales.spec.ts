// Ventas as the demo admin (Laura). A member of the test's own (Vera, under Ugo) and a product of its
// own: Laura sells Vera the product directly (a quantity over the stock is refused on its line first),
// delivers it, then cancels another paid sale after reading the database's preview, which the ledger
// matches afterwards; a second tab that tries to cancel it too is told why not. Then the list's
// filters in the URL (the contract other screens link to), the totals and the CSV and Excel files of the filtered rows.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { formatMoney, formatPoints } from '../../src/lib/format/format';
import { asPerson, one } from './db';
import { expect, test } from './fixtures';
import { expectAccessible, shootScreen } from './look';
import type { Own, Sale } from './own';
import { toasts, toastsGone } from './pages/shell';
import { openAs } from './session';
import { personas, withDb } from './support';
import { readXlsx, serialToWallClock } from '../xlsx-read';

interface Fixture {
  tag: string;
  vera: { id: string; name: string };
  ugo: string;
  product: { id: string; name: string };
  /** Paid direct sales of Vera made by the admin, oldest first. */
  sales: Sale[];
  currency: string;
}

/** Vera (under Ugo, so her purchases pay him 10 %), a product with 30 units, and `paid` direct sales. */
async function fixture(own: Own, paid: number): Promise<Fixture> {
  const tag = own.tag;
  const ugo = await own.member({ name: `Ugo Ventas ${tag}` });
  const vera = await own.member({ name: `Vera Ventas ${tag}`, enroller: ugo.id });
  const product = await own.product({ name: `Té de ventas ${tag}`, sku: `T-VEN-${tag}`, price: 40_000, points: 20, stock: 30 });
  const sales: Sale[] = [];
  for (let i = 0; i < paid; i += 1) sales.push(await own.directSale(vera.id, [{ product_id: product.id, quantity: 1 }], { reference: `CAJA-${tag}-${i}` }));
  const { currency } = await one<{ currency: string }>("select currency from public.metadata where id = 'app_settings'");
  return { tag, vera: { id: vera.id, name: vera.name }, ugo: ugo.id, product: { id: product.id, name: product.name }, sales, currency };
}

const saleInDb = (id: string) =>
  withDb(
    async (db) =>
      (await db.query<{ status: string; kind: string; client_id: string }>('select status, kind, client_id from public.sales where id = $1', [id])).rows[0]!,
  );
const stockOf = (id: string) =>
  withDb(async (db) => (await db.query<{ stock: number }>('select stock from public.products where id = $1', [id])).rows[0]!.stock);

const sheet = (page: Page) => page.getByRole('dialog');
const alertDialog = (page: Page) => page.getByRole('alertdialog');

test('venta directa, entregarla y cancelar otra con la vista previa que el libro confirma; otra pestaña no la cancela dos veces', async ({
  page,
  context,
  own,
}) => {
  test.setTimeout(120_000);
  const fx = await fixture(own, 1);
  const toCancel = fx.sales[0]!;
  const money = (n: number) => formatMoney(n, fx.currency);

  // A direct sale to Vera: more units than the stock is refused on the product's line.
  await openAs(page, personas.admin, '/ventas');
  await page.getByRole('button', { name: 'Nueva venta directa' }).first().click();
  await expect(page).toHaveURL(/[?&]nueva=1/);
  await expect(sheet(page).getByRole('heading', { name: 'Nueva venta directa' })).toBeVisible();
  await sheet(page).getByLabel('Busca al miembro registrado').fill(fx.vera.name);
  await sheet(page)
    .getByRole('button', { name: new RegExp(fx.vera.name) })
    .click();
  await expect(sheet(page).getByTestId('chosen-buyer')).toHaveText(fx.vera.name);
  await sheet(page).getByLabel('Buscar producto').fill(fx.product.name);
  await sheet(page)
    .getByRole('button', { name: `Agregar ${fx.product.name}` })
    .click();
  const quantity = sheet(page).getByLabel(`Cantidad de ${fx.product.name}`, { exact: true });
  await quantity.fill('999');
  await sheet(page).getByRole('button', { name: 'Registrar venta' }).click();
  await expect(sheet(page).getByTestId('sale-line').getByRole('alert')).toHaveText(
    `Stock insuficiente de «${fx.product.name}»: hay 29 y la venta necesita 999.`,
  );
  expect(await stockOf(fx.product.id)).toBe(29); // nothing half-written
  await quantity.fill('2');
  await sheet(page).getByLabel('Referencia del pago (opcional)').fill(`CAJA-E2E-${fx.tag}`);
  await sheet(page).getByRole('button', { name: 'Registrar venta' }).click();
  await expect(toasts(page).getByText(/^Venta directa #[\d.]+ registrada: queda Pagada\.$/)).toBeVisible();

  // The new sale opens: the database's total, and it is Vera's, paid, with the stock out.
  await expect(page).toHaveURL(/[?&]venta=[0-9a-f-]{36}/);
  const newId = new URL(page.url()).searchParams.get('venta')!;
  expect(await saleInDb(newId)).toEqual({ status: 'Pagada', kind: 'direct', client_id: fx.vera.id });
  expect(await stockOf(fx.product.id)).toBe(27);
  await expect(sheet(page).getByTestId('sale-total')).toHaveText(money(80_000));
  await expect(sheet(page).getByTestId('sale-entries')).toContainText(`Ugo Ventas ${fx.tag}`);

  // Deliver it.
  await sheet(page).getByRole('button', { name: 'Marcar entregada' }).click();
  await alertDialog(page).getByRole('button', { name: 'Marcar entregada' }).click();
  await expect(toasts(page).getByText(/^Venta #[\d.]+ marcada como entregada\.$/)).toBeVisible();
  await expect(sheet(page).getByTestId('sale-timeline')).toContainText('Entregada');
  expect((await saleInDb(newId)).status).toBe('Entregada');
  await toastsGone(page);

  // Another tab has the other paid sale open, and will try to cancel it later.
  const second = await context.newPage();
  await second.goto(`/ventas?venta=${toCancel.id}`);
  await expect(sheet(second).getByRole('button', { name: 'Cancelar venta' })).toBeVisible();

  // Cancel it here, after reading what the database says it will reverse.
  await page.goto(`/ventas?venta=${toCancel.id}`);
  await sheet(page).getByRole('button', { name: 'Cancelar venta' }).click();
  const preview = alertDialog(page).getByTestId('cancel-preview');
  await expect(preview.getByTestId('preview-entry')).toHaveCount(2);
  const shown = await preview
    .getByTestId('preview-entry')
    .evaluateAll((items) => items.map((li) => `${li.querySelector('p')?.textContent} ${li.querySelector('[data-testid="preview-value"]')?.textContent}`));
  await expect(preview).toContainText(`+1 (${formatPoints(27)} → ${formatPoints(28)})`);
  await expectAccessible(page, 'Ventas con el diálogo de cancelar abierto');
  await alertDialog(page).getByRole('button', { name: 'El banco devolvió el pago' }).click();
  await alertDialog(page).getByRole('button', { name: 'Cancelar venta' }).click();
  await expect(toasts(page).getByText(/^Venta #[\d.]+ cancelada: se escribieron 2 contraasientos y el stock volvió\.$/)).toBeVisible();
  expect((await saleInDb(toCancel.id)).status).toBe('Cancelada');
  expect(await stockOf(fx.product.id)).toBe(28);
  // What the ledger now holds is what the preview showed, entry by entry.
  const written = await withDb(
    async (db) =>
      (
        await db.query<{ name: string; amount: string; points: number }>(
          `select c.name, r.amount, r.points from public.reward_transactions r join public.clients c on c.id = r.beneficiary_id
          where r.source_sale_id = $1 and r.reverses_id is not null and r.reason = 'El banco devolvió el pago' order by r.reverses_id`,
          [toCancel.id],
        )
      ).rows,
  );
  expect(written.map((w) => `${w.name} ${w.points !== 0 ? `${formatPoints(w.points)} pts` : money(Number(w.amount))}`)).toEqual(shown);
  expect(shown).toEqual([`${fx.vera.name} ${formatPoints(-20)} pts`, `Ugo Ventas ${fx.tag} ${money(-4_000)}`]);

  // The other tab still shows it paid: its preview, and its cancel, are refused with the database's sentence.
  await sheet(second).getByRole('button', { name: 'Cancelar venta' }).click();
  const refusal = `La venta #${toCancel.sale_no} ya está «Cancelada».`;
  await expect(alertDialog(second)).toContainText(refusal);
  await alertDialog(second).getByLabel('Motivo de la cancelación').fill('Desde otra pestaña');
  await alertDialog(second).getByRole('button', { name: 'Cancelar venta' }).click();
  await expect(alertDialog(second).getByRole('alert')).toHaveText(refusal);
  await second.close();
  const reversals = await withDb(
    async (db) =>
      (
        await db.query<{ n: number }>('select count(*)::int as n from public.reward_transactions where source_sale_id = $1 and reverses_id is not null', [
          toCancel.id,
        ])
      ).rows[0]!.n,
  );
  expect(reversals).toBe(2);
});

test('venta directa a un cliente sin membresía: sus datos en el formulario, sin recompensas, su nombre en Ventas y en su detalle', async ({ page, own }) => {
  test.setTimeout(120_000);
  const product = await own.product({ name: `Té de mostrador ${own.tag}`, sku: `T-MOS-${own.tag}`, price: 40_000, points: 20, stock: 10 });
  const buyer = `Rosa Mostrador ${own.tag}`;

  await openAs(page, personas.admin, '/ventas');
  await page.getByRole('button', { name: 'Nueva venta directa' }).first().click();
  // Who buys is a radio group: the arrow keys move from «Miembro» to «Cliente sin membresía».
  await sheet(page).getByRole('radio', { name: 'Miembro' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(sheet(page).getByRole('radio', { name: 'Cliente sin membresía' })).toBeChecked();
  await expect(sheet(page).getByLabel('Busca al miembro registrado')).toHaveCount(0);
  await sheet(page).getByLabel('Buscar producto').fill(product.name);
  await sheet(page)
    .getByRole('button', { name: `Agregar ${product.name}` })
    .click();

  // Without a name the form asks for it; a phone the database refuses is marked on its field.
  await sheet(page).getByRole('button', { name: 'Registrar venta' }).click();
  await expect(sheet(page).getByText('Escribe el nombre del cliente (entre 2 y 120 caracteres).')).toBeVisible();
  await sheet(page).getByLabel('Nombre del cliente').fill(buyer);
  const phone = sheet(page).getByLabel('Teléfono (opcional)');
  await phone.fill('300 12');
  await sheet(page).getByRole('button', { name: 'Registrar venta' }).click();
  await expect(sheet(page).getByText('El teléfono debe tener entre 7 y 15 dígitos; puede llevar +, espacios, guiones y paréntesis.')).toBeVisible();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  expect(await stockOf(product.id)).toBe(10); // nothing half-written
  await phone.fill('+57 300 123 4567');
  await sheet(page).getByLabel('Documento (opcional)').fill('1.020.304');
  await shootScreen(page, 'ventas-nueva-sin-membresia', { fullPage: false });
  await expectAccessible(page, 'Nueva venta directa a un cliente sin membresía');
  await sheet(page).getByRole('button', { name: 'Registrar venta' }).click();
  await expect(toasts(page).getByText(/^Venta directa #[\d.]+ registrada: queda Pagada\.$/)).toBeVisible();

  // Paid, no member, the stock out, and not one entry in the ledger.
  await expect(page).toHaveURL(/[?&]venta=[0-9a-f-]{36}/);
  const saleId = new URL(page.url()).searchParams.get('venta')!;
  expect(await saleInDb(saleId)).toEqual({ status: 'Pagada', kind: 'direct', client_id: null });
  expect(await stockOf(product.id)).toBe(9);
  const { entries } = await one<{ entries: number }>('select count(*)::int as entries from public.reward_transactions where source_sale_id = $1', [saleId]);
  expect(entries).toBe(0);
  await expect(sheet(page).getByTestId('walk-in-buyer')).toHaveText(buyer);
  await expect(sheet(page)).toContainText('Cliente sin membresía');
  await expect(sheet(page)).toContainText('1.020.304 · +57 300 123 4567');
  await expect(sheet(page).getByRole('link', { name: 'Abrir su ficha' })).toHaveCount(0);
  await shootScreen(page, 'ventas-detalle-sin-membresia', { fullPage: false });
  await expect(sheet(page)).toContainText('Una venta a un cliente sin membresía no produce puntos ni comisiones para nadie.');

  // Ventas' list shows the buyer's name where a member's would be, said so.
  await page.goto('/ventas?tipo=directa');
  const row = page.getByRole('row').filter({ hasText: buyer });
  await expect(row).toContainText('Cliente sin membresía');
  await expect(row).toContainText(
    formatMoney(40_000, (await one<{ currency: string }>("select currency from public.metadata where id = 'app_settings'")).currency),
  );
});

test('los filtros en la URL, los totales de lo filtrado y el CSV y el Excel con exactamente esas filas', async ({ page, own }) => {
  test.setTimeout(90_000);
  const fx = await fixture(own, 3);
  const [first, second, third] = fx.sales as [Fixture['sales'][number], Fixture['sales'][number], Fixture['sales'][number]];
  const money = (n: number) => formatMoney(n, fx.currency);
  await asPerson(personas.admin, `select public.cancel_sale($1, 'Venta registrada por error')`, [third.id]);
  const today = await withDb(
    async (db) => (await db.query<{ d: string }>(`select to_char(now() at time zone private.company_timezone(), 'YYYY-MM-DD') as d`)).rows[0]!.d,
  );

  // The contract: several states, the kind, the dates and the member, as another screen links here.
  await openAs(page, personas.admin, `/ventas?miembro=${fx.vera.id}&tipo=directa&estado=pagada,entregada&desde=${today}&hasta=${today}`);
  const table = page.getByRole('table', { name: 'Ventas' });
  await expect(table.getByRole('row').filter({ hasText: fx.vera.name })).toHaveCount(2);
  for (const s of [first, second]) await expect(table.getByRole('row').filter({ hasText: `#${s.sale_no}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pagada', exact: true, pressed: true })).toBeVisible();
  await expect(page.getByLabel('Tipo')).toHaveValue('directa');
  const totals = page.getByTestId('sales-totals');
  await expect(totals).toContainText('2');
  await expect(totals).toContainText(money(80_000));
  await expect(totals).toContainText(formatPoints(40));
  await expectAccessible(page, 'Ventas filtradas');
  await shootScreen(page, 'ventas');

  // Only the cancelled one: the URL follows, the totals too.
  await page.getByRole('button', { name: 'Pagada', exact: true, pressed: true }).click();
  await page.getByRole('button', { name: 'Entregada', exact: true, pressed: true }).click();
  await page.getByRole('button', { name: 'Cancelada', exact: true, pressed: false }).click();
  await expect(page).toHaveURL(/estado=cancelada(&|$)/);
  await expect(table.getByRole('row').filter({ hasText: fx.vera.name })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: `#${third.sale_no}` })).toBeVisible();
  await expect(totals).toContainText(money(40_000));

  // The CSV: BOM, header, and exactly the filtered sale.
  await toastsGone(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^ventas-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = new TextDecoder().decode(bytes.subarray(3)).split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('Número,Fecha,Cliente,Membresía,Correo,Tipo,Estado,Total,Moneda,Puntos,Medio de pago,Referencia,Venta');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(
    new RegExp(
      `^${third.sale_no},${today}T[\\d:]+[^,]*,${fx.vera.name},Miembro,[^,]+,Venta directa,Cancelada,40000\\.00,${fx.currency},20,Efectivo,CAJA-${fx.tag}-2,${third.id}$`,
    ),
  );
  await expect(toasts(page).getByText('CSV con 1 venta.')).toBeVisible();

  // The Excel file, for people: the same sale with real numbers, a real date and the currency.
  await toastsGone(page);
  const workbookDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar Excel' }).click();
  const workbook = await workbookDownload;
  expect(workbook.suggestedFilename()).toMatch(/^ventas-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const { cells, sheetName } = readXlsx(new Uint8Array(await readFile((await workbook.path())!)));
  expect(sheetName).toBe('Ventas');
  expect(cells.A1).toMatchObject({ type: 'inlineStr', value: 'Número', bold: true });
  expect(cells.A2).toMatchObject({ type: 'n', value: String(third.sale_no), format: '#,##0' });
  expect(cells.B2).toMatchObject({ type: 'n', format: 'builtin:datetime' });
  expect(serialToWallClock(Number(cells.B2!.value)).slice(0, 10)).toBe(today);
  expect(cells.C2).toMatchObject({ type: 'inlineStr', value: fx.vera.name });
  expect(cells.D2).toMatchObject({ type: 'inlineStr', value: 'Miembro' });
  expect(cells.H2).toMatchObject({ type: 'n', value: '40000' });
  expect(cells.H2!.format).toMatch(/^#,##0\.00\\ "[^"]+"$|^"[^"]+"\\ #,##0\.00$/);
  expect(cells.A3, 'exactamente la venta filtrada').toBeUndefined();
  expect(Object.values(cells).some((c) => c.formula)).toBe(false);
  await expect(toasts(page).getByText('Excel con 1 venta.')).toBeVisible();
});

test('sin filtros, el paginador dice el número exacto de la tarjeta de totales, no «Más de»', async ({ page }) => {
  // Both figures come from one read (the totals'), so they agree whatever other specs write meanwhile.
  await openAs(page, personas.admin, '/ventas');
  const count = page.getByTestId('sales-totals').getByRole('definition').first();
  await expect(count).toHaveText(/^\d[\d.]*$/);
  await expect(page.getByText(`${await count.textContent()} resultados`, { exact: true })).toBeVisible();
  await expect(page.getByText(/^Más de \d/)).toHaveCount(0);
});
