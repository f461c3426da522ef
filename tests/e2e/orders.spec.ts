// Hacer un Pedido and Mis Pedidos as a member: an order with a voucher from the catalogue to the
// database, the cart a refusal keeps and marks, a pending order cancelled, «Volver a pedir», the
// receipt, both screens at 390×844, axe and screenshots. Each test that orders does it as a member of
// its own, with products of its own (retired at the end); the ones that only read (a receipt, the
// list of orders) read María's, which no spec changes.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { formatMoney } from '../../src/lib/format/format';
import { asPerson, one } from './db';
import { pngImage } from './files';
import { expect, test } from './fixtures';
import { expectAccessible, shootScreen } from './look';
import type { Own, Product } from './own';
import { ORDER, placeOrder } from './pages/place-order';
import { openAs } from './session';
import { personas, withDb } from './support';

const MY_ORDERS = '/mi-cuenta/mis-pedidos';
const PHONE = { width: 390, height: 844 };

// Fixtures ----------------------------------------------------------------------------------------------

/** A product of the test's own, active, with its stock. */
const makeProduct = (own: Own, label: string, price: number, points: number, stock: number): Promise<Product> =>
  own.product({
    name: `Pedidos e2e ${label} ${own.tag}`,
    sku: `E2E-PED-${label}-${own.tag}`.slice(0, 40),
    description: 'Producto de prueba de Hacer un Pedido.',
    category: 'Pruebas',
    benefits: ['energia'],
    price,
    points,
    stock,
  });

/** A member of the test's own who orders: an address to deliver to, an account, active this month. */
const buyer = (own: Own) => own.member({ name: `Olga Pedidos ${own.tag}`, address: 'Carrera 7 # 12-34', city: 'Medellín', account: true, active: true });

/** Stock leaves only through a movement, as the back office's «Ajustar stock» does. */
async function setStock(productId: string, stock: number) {
  await withDb((db) =>
    db.query(
      `insert into public.stock_movements (product_id, quantity, kind, note)
       select id, $2 - stock, 'adjustment', 'Prueba e2e: se agotó mientras estaba en el carrito' from public.products where id = $1 and stock <> $2`,
      [productId, stock],
    ),
  );
}

const stockOf = async (productId: string) => (await one<{ stock: number }>('select stock from public.products where id = $1', [productId])).stock;
const salesOf = async (clientId: string) => (await one<{ n: number }>('select count(*)::int as n from public.sales where client_id = $1', [clientId])).n;
const currency = async () => (await one<{ currency: string }>("select currency from public.metadata where id = 'app_settings'")).currency;

/** axe in both themes and the screenshots, with the pointer out of the way (a hover is not the resting look). */
async function judge(page: Page, what: string, shot?: string) {
  await page.mouse.move(0, 0);
  await expectAccessible(page, what);
  if (shot) {
    // Full-page shots of a scrolled page draw the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await shootScreen(page, shot);
  }
}

// Page objects -----------------------------------------------------------------------------------------

/** Mis Pedidos with an order open from its link (the open order lives in the URL). */
async function openOrderLink(page: Page, email: string, order: { id: string; sale_no: number }) {
  await openAs(page, email, MY_ORDERS);
  await page.goto(`${MY_ORDERS}?pedido=${order.id}`);
  const sheet = page.getByRole('dialog', { name: new RegExp(`N\\.º ${order.sale_no}$`) });
  // A full load: the page and the order arrive after the session, as in openAs.
  await expect(sheet).toBeVisible({ timeout: 20_000 });
  return sheet;
}

async function openOrder(page: Page, saleNo: number) {
  await page.getByRole('row', { name: new RegExp(`^#${saleNo} `) }).click();
  const sheet = page.getByRole('dialog', { name: new RegExp(`N\\.º ${saleNo}$`) });
  await expect(sheet).toBeVisible();
  return sheet;
}

/**
 * «Descargar recibo»: the button says it is working at once; pdfmake and its fonts (≈ 3 MB) are
 * fetched and parsed on the click, which on this shared 2-core machine has taken up to 15 s.
 */
async function downloadReceipt(page: Page, sheet: Locator) {
  const download = page.waitForEvent('download', { timeout: 45_000 });
  await sheet.getByRole('button', { name: 'Descargar recibo' }).click();
  await expect(sheet.getByRole('button', { name: 'Preparando recibo…' })).toBeDisabled();
  const file = await download;
  await expect(sheet.getByRole('button', { name: 'Descargar recibo' })).toBeEnabled();
  return file;
}

// Hacer un Pedido ----------------------------------------------------------------------------------------

test('hace un pedido con comprobante: queda pendiente en la base con sus líneas y la huella del comprobante; lo ve en Mis Pedidos y, aprobado, lo que le dio, su recibo y el stock', async ({
  page,
  own,
}) => {
  test.setTimeout(180_000);
  const product = await makeProduct(own, 'principal', 12_500, 7, 40);
  const code = await currency();
  const money = (n: number) => formatMoney(n, code);
  const member = await buyer(own);
  const o = placeOrder(page);

  await openAs(page, member.email, ORDER);
  await o.search(product.name);
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  await o.add(product);

  // Quantities outside 1..10.000 are refused where they are typed, and the cart keeps its last good one.
  await o.quantity(product).fill('0');
  await expect(o.line(product).getByRole('alert')).toHaveText('La cantidad mínima es 1. Para sacarlo del carrito usa «Quitar».');
  await o.quantity(product).fill('10001');
  await expect(o.line(product).getByRole('alert')).toHaveText('La cantidad máxima por producto es 10.000.');
  await expect(o.total()).toHaveText(money(12_500));
  await o.quantity(product).fill('3');
  await expect(o.total()).toHaveText(money(37_500));
  await expect(o.cart.getByTestId('cart-points')).toHaveText('21');
  await expect(o.cart.getByTestId('month-impact')).toHaveText(
    /^Con este pedido llegas a [\d.]+ de 100 puntos: (sigues activo|quedarás activo|aún no quedarás activo)\.$/,
  );

  // The cart survives a reload.
  await page.reload();
  await expect(o.quantity(product)).toHaveValue('3');
  await expect(o.total()).toHaveText(money(37_500));

  await o.toCheckout();
  await expect(page.getByText('Paga a Savia Natural')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Copiar Bancolombia/ })).toBeVisible();
  await expect(page.getByLabel('Dirección de entrega')).not.toHaveValue('');
  await page.getByLabel('Transferencia').check();
  const reference = `E2E-REF-${own.tag}`;
  await page.getByLabel('Referencia de pago').fill(reference);
  await page.getByLabel('Comprobante de pago (opcional)').setInputFiles({ name: 'comprobante.png', mimeType: 'image/png', buffer: pngImage() });
  await expect(page.getByAltText('Vista previa de comprobante.jpg').or(page.getByAltText('Vista previa de comprobante.webp'))).toBeVisible();
  await page.getByLabel('Notas (opcional)').fill('Entregar en la portería.');

  // A double click sends one order.
  await o.confirm().dblclick();
  const confirmation = page.getByTestId('order-confirmation');
  await expect(confirmation).toBeVisible({ timeout: 20_000 });
  await expect(confirmation).toContainText('Pendiente de Aprobación');
  const saleNo = Number(/N\.º (\d+)/.exec((await confirmation.textContent()) ?? '')?.[1]);
  expect(saleNo).toBeGreaterThan(0);

  const sale = await withDb(async (db) => {
    const sales = await db.query(
      `select s.id, s.sale_no::int as sale_no, s.client_id, s.kind, s.status, s.total::float8 as total, s.points_total, s.payment_method, s.voucher_path,
              s.voucher_hash, s.notes, s.delivery_address,
              (select o.metadata ->> 'eTag' from storage.objects o where o.bucket_id = 'payment-vouchers' and o.name = s.voucher_path) as etag
         from public.sales s where s.payment_reference = $1`,
      [reference],
    );
    expect(sales.rows, 'un solo pedido con esa referencia, aunque se pulsó dos veces').toHaveLength(1);
    const items = await db.query('select product_id, quantity, unit_price::float8 as unit_price, unit_points from public.sale_items where sale_id = $1', [
      sales.rows[0].id,
    ]);
    return { ...sales.rows[0], items: items.rows };
  });
  expect(sale).toMatchObject({
    sale_no: saleNo,
    client_id: member.id,
    kind: 'order',
    status: 'Pendiente de Aprobación',
    total: 37_500,
    points_total: 21,
    payment_method: 'transferencia',
    notes: 'Entregar en la portería.',
  });
  expect(sale.delivery_address).toBeTruthy();
  expect(sale.items).toEqual([{ product_id: product.id, quantity: 3, unit_price: 12_500, unit_points: 7 }]);
  expect(sale.voucher_path).toMatch(new RegExp(`^${member.id}/[0-9a-f-]+\\.(jpg|webp)$`));
  expect(sale.voucher_hash).toBeTruthy();
  expect(sale.voucher_hash).toBe(sale.etag);
  expect(await stockOf(product.id), 'el stock se mueve al aprobarse, no al pedir').toBe(40);

  // The link leads to the order in Mis Pedidos: its state, lines, payment and voucher, still waiting.
  await page.getByRole('link', { name: 'Ver en Mis Pedidos' }).click();
  await expect(page).toHaveURL(new RegExp(`${MY_ORDERS}\\?pedido=${sale.id}$`));
  let sheet = page.getByRole('dialog', { name: `Pedido N.º ${saleNo}` });
  await expect(sheet.getByText('Pendiente de Aprobación')).toBeVisible();
  await expect(sheet.getByText('Esperando aprobación')).toBeVisible();
  await expect(sheet.getByRole('listitem').filter({ hasText: product.name })).toContainText(`3 × ${money(12_500)} · 21 puntos`);
  await expect(sheet.getByText(reference)).toBeVisible();
  await expect(sheet.getByRole('img', { name: `Comprobante del pedido N.º ${saleNo}` })).toBeVisible();
  await expect(sheet.getByText('Los puntos llegan cuando se aprueba.')).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Descargar recibo' })).toHaveCount(0);
  await judge(page, 'Mis Pedidos, un pedido pendiente', 'mis-pedidos-pendiente');
  await sheet.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`^#${saleNo} `) })).toContainText('Pendiente de Aprobación');

  // Staff approve it (Aprobaciones is another screen): the member sees it paid, what it earned her,
  // and downloads the receipt; the stock moved and her points are in the ledger.
  await asPerson(personas.admin, 'select public.approve_sale($1)', [sale.id]);
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(`^#${saleNo} `) })).toContainText('Pagada');
  sheet = await openOrder(page, saleNo);
  await expect(sheet.getByText('Aprobado', { exact: true })).toBeVisible();
  await expect(sheet.getByRole('list', { name: 'Lo que te dio' })).toContainText('Puntos por compra');
  await expect(sheet.getByRole('list', { name: 'Lo que te dio' })).toContainText('21 puntos');
  const file = await downloadReceipt(page, sheet);
  expect(file.suggestedFilename()).toBe(`comprobante-venta-${saleNo}.pdf`);
  expect((await readFile((await file.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(await stockOf(product.id), 'aprobado, el stock baja en 3').toBe(37);
  const ledger = await withDb(
    async (db) =>
      (
        await db.query(`select type, points, amount::float8 as amount from public.reward_transactions where source_sale_id = $1 and beneficiary_id = $2`, [
          sale.id,
          member.id,
        ])
      ).rows,
  );
  expect(ledger).toEqual([{ type: 'points_purchase', points: 21, amount: 0 }]);

  // The cart emptied on success, and stays empty after a reload.
  await page.goto(ORDER);
  await expect(o.cart.getByText('Tu carrito está vacío')).toBeVisible();
});

test('el carrito es de cada miembro: otro miembro en el mismo navegador no lo ve', async ({ page, context, own }) => {
  const product = await makeProduct(own, 'propio', 9_000, 3, 20);
  const o = placeOrder(page);
  await openAs(page, personas.memberActive, `${ORDER}?q=${encodeURIComponent(product.name)}`);
  await o.add(product);

  // As on a shared computer: María leaves (her tab closes), Lucía signs in on the same browser.
  // Two people signed in at once in two tabs cannot be: both tabs share one stored session.
  await page.close();
  const other = await context.newPage();
  await openAs(other, personas.memberB, ORDER);
  await expect(placeOrder(other).cart.getByText('Tu carrito está vacío')).toBeVisible();
  await expect(placeOrder(other).cart.getByText(product.name)).toHaveCount(0);
  // María's cart is still in this browser, under her own key.
  const maria = await one<{ id: string }>('select id from public.clients where email = $1', [personas.memberActive]);
  expect(await other.evaluate((key) => localStorage.getItem(key), `savia.cart.${maria.id}`)).toContain(product.id);
});

test('un producto que se agota o se retira con el carrito lleno: la línea queda marcada, el carrito sigue y no se crea el pedido', async ({ page, own }) => {
  const member = await buyer(own);
  test.setTimeout(90_000);
  const keeps = await makeProduct(own, 'sigue', 10_000, 5, 30);
  const runsOut = await makeProduct(own, 'agotado', 8_000, 4, 5);
  const withdrawn = await makeProduct(own, 'retirado', 6_000, 2, 10);
  const o = placeOrder(page);
  await openAs(page, member.email, ORDER);
  await o.search(own.tag);
  for (const p of [keeps, runsOut, withdrawn]) await o.add(p);
  await o.quantity(runsOut).fill('2');

  // Withdrawn while in the cart: the preview refuses, the line says so, and the order waits.
  await withDb((db) => db.query('update public.products set is_active = false where id = $1', [withdrawn.id]));
  await page.reload();
  await expect(o.line(withdrawn)).toHaveAttribute('data-marked', 'withdrawn');
  await expect(o.line(withdrawn).getByRole('alert')).toHaveText('Ya no está a la venta: quítalo del carrito para continuar.');
  await expect(page.getByRole('button', { name: 'Continuar al pago' })).toBeDisabled();
  await o
    .line(withdrawn)
    .getByRole('button', { name: `Quitar ${withdrawn.name} del carrito` })
    .click();
  await expect(o.total()).toBeVisible();

  // Sold out between «Continuar al pago» and «Confirmar pedido».
  await o.toCheckout();
  await setStock(runsOut.id, 0);
  const before = await salesOf(member.id);
  await page.getByLabel('Efectivo').check();
  await o.confirm().click();
  const refusal = page.getByRole('alert').filter({ hasText: `«${runsOut.name}» está agotado.` });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('Marcamos en tu carrito lo que hay que cambiar.');
  await expect(o.line(runsOut)).toHaveAttribute('data-marked', 'sold_out');
  await expect(o.line(runsOut).getByRole('alert')).toHaveText('Agotado: quítalo del carrito para continuar.');
  await expect(o.line(keeps)).not.toHaveAttribute('data-marked');
  await expect(o.cart.getByRole('listitem')).toHaveCount(2);
  expect(await salesOf(member.id), 'no se creó ningún pedido').toBe(before);
  await judge(page, 'Hacer un Pedido con una línea agotada', 'hacer-pedido-agotado');

  // Nothing lost: without the sold-out line the same form goes through.
  await o
    .line(runsOut)
    .getByRole('button', { name: `Quitar ${runsOut.name} del carrito` })
    .click();
  const cur = await currency();
  await expect(o.total()).toHaveText(formatMoney(10_000, cur));

  // Its price went up while they read «Total a pagar»: refused with the new total, which the cart then
  // shows; nothing is ordered at a figure they never read. Confirmed again, it goes through.
  await withDb((db) => db.query('update public.products set price = 12000 where id = $1', [keeps.id]));
  await o.confirm().click();
  const changed = page.getByRole('alert').filter({ hasText: 'El precio de un producto cambió' });
  await expect(changed).toContainText(`ahora es ${formatMoney(12_000, cur)}, no ${formatMoney(10_000, cur)}`);
  await expect(changed).toContainText('Tu carrito sigue aquí; no se creó ningún pedido.');
  await expect(o.total()).toHaveText(formatMoney(12_000, cur));
  expect(await salesOf(member.id), 'no se creó ningún pedido').toBe(before);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shootScreen(page, 'hacer-pedido-precio-cambio');
  await o.confirm().click();
  await expect(page.getByTestId('order-confirmation')).toContainText('Pendiente de Aprobación', { timeout: 20_000 });
});

test('en un teléfono (390×844): del catálogo al carrito y al pedido', async ({ page, own }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const product = await makeProduct(own, 'movil', 11_000, 6, 25);
  const o = placeOrder(page);
  const member = await buyer(own);
  await openAs(page, member.email, `${ORDER}?q=${encodeURIComponent(product.name)}`);
  await o.add(product);
  await judge(page, 'Hacer un Pedido en un teléfono', 'hacer-pedido-catalogo');
  await page.getByRole('link', { name: /1 producto en tu carrito/ }).click();
  await expect(page.getByRole('button', { name: 'Continuar al pago' })).toBeInViewport();
  await o.toCheckout();
  await page.getByLabel('Efectivo').check();
  await page.getByLabel('Comprobante de pago (opcional)').setInputFiles({ name: 'recibo.png', mimeType: 'image/png', buffer: pngImage() });
  await expect(page.getByRole('button', { name: /^Quitar recibo/ })).toBeVisible();
  await judge(page, 'Hacer un Pedido, pago y entrega', 'hacer-pedido-pago');
  await o.confirm().click();
  await expect(page.getByTestId('order-confirmation')).toContainText('Pendiente de Aprobación', { timeout: 20_000 });
  await judge(page, 'Hacer un Pedido, confirmación', 'hacer-pedido-confirmacion');
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, 'nada se sale del ancho del teléfono').toBeLessThanOrEqual(PHONE.width);
});

// Mis Pedidos --------------------------------------------------------------------------------------------

test('cancela su propio pedido pendiente: la base lo deja Cancelada', async ({ page, own }) => {
  const member = await buyer(own);
  const product = await makeProduct(own, 'cancelar', 7_000, 2, 10);
  const order = await own.order(member.email, [{ product_id: product.id, quantity: 2 }], { reference: `E2E-CANCELAR-${own.tag}` });
  const sheet = await openOrderLink(page, member.email, order);
  await expect(sheet.getByText('Esperando aprobación')).toBeVisible();
  await expect(sheet.getByText(product.name)).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Descargar recibo' })).toHaveCount(0);

  await sheet.getByRole('button', { name: 'Cancelar pedido' }).click();
  const confirm = page.getByRole('alertdialog', { name: `¿Cancelar el pedido N.º ${order.sale_no}?` });
  await expect(confirm).toBeVisible();
  await judge(page, 'Mis Pedidos, confirmar la cancelación');
  // «Volver» closes without cancelling.
  await confirm.getByRole('button', { name: 'Volver' }).click();
  await expect(confirm).toBeHidden();
  expect(await withDb(async (db) => (await db.query('select status from public.sales where id = $1', [order.id])).rows[0].status)).toBe(
    'Pendiente de Aprobación',
  );

  await sheet.getByRole('button', { name: 'Cancelar pedido' }).click();
  await confirm.getByRole('button', { name: 'Cancelar pedido' }).click();
  await expect(confirm).toBeHidden();
  await expect(sheet.getByText('Cancelada', { exact: true })).toBeVisible();
  await expect(sheet.getByText('Cancelado por el miembro')).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Cancelar pedido' })).toHaveCount(0);
  const row = await withDb(async (db) => (await db.query('select status, cancelled_at from public.sales where id = $1', [order.id])).rows[0]);
  expect(row.status).toBe('Cancelada');
  expect(row.cancelled_at).toBeTruthy();
});

test('«Volver a pedir» llena el carrito con los mismos productos y abre Hacer un Pedido', async ({ page, own }) => {
  const member = await buyer(own);
  const first = await makeProduct(own, 'repetir', 5_000, 1, 50);
  const second = await makeProduct(own, 'repetir-dos', 4_000, 1, 50);
  const order = await own.order(member.email, [
    { product_id: first.id, quantity: 2 },
    { product_id: second.id, quantity: 1 },
  ]);
  const sheet = await openOrderLink(page, member.email, order);
  await sheet.getByRole('button', { name: 'Volver a pedir' }).click();
  await expect(page).toHaveURL(new RegExp(`${ORDER}$`));
  const o = placeOrder(page);
  await expect(o.cart.getByText('Agregamos 2 productos de tu pedido anterior.')).toBeVisible();
  await expect(o.quantity(first)).toHaveValue('2');
  await expect(o.quantity(second)).toHaveValue('1');
  await expect(o.total()).toHaveText(formatMoney(14_000, await currency()));
});

test('descarga el «Comprobante de venta» en PDF de un pedido pagado', async ({ page }) => {
  test.setTimeout(90_000);
  const paid = await withDb(async (db) => {
    const { rows } = await db.query<{ id: string; sale_no: number }>(
      `select s.id, s.sale_no::int as sale_no from public.sales s join public.clients c on c.id = s.client_id
        where lower(c.email) = lower($1) and s.kind = 'order' and s.status in ('Pagada', 'Entregada')
        order by s.created_at desc limit 1`,
      [personas.memberActive],
    );
    return rows[0]!;
  });
  const sheet = await openOrderLink(page, personas.memberActive, paid);
  await expect(sheet.getByText('Puntos por compra')).toBeVisible();
  const file = await downloadReceipt(page, sheet);
  expect(file.suggestedFilename()).toBe(`comprobante-venta-${paid.sale_no}.pdf`);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(5000);
});

test('lista sus pedidos del más nuevo al más viejo, filtra por estado en la URL y se ve bien en un teléfono', async ({ page }) => {
  test.setTimeout(120_000);
  await openAs(page, personas.memberActive, MY_ORDERS);
  const table = page.getByRole('table', { name: 'Tus pedidos' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // While the first page loads, the table is busy and its rows are skeletons: read it once it is not.
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  const numbers = (await table.getByRole('row').allInnerTexts()).slice(1).map((t) => Number(/#(\d+)/.exec(t)?.[1]));
  const expected = await withDb(async (db) =>
    (
      await db.query<{ sale_no: number }>(
        `select s.sale_no::int as sale_no from public.sales s, public.clients c where lower(c.email) = lower($1)
          and (s.client_id = c.id or s.created_by = c.auth_uid) order by s.created_at desc, s.id limit 10`,
        [personas.memberActive],
      )
    ).rows.map((r) => r.sale_no),
  );
  expect(numbers).toEqual(expected);
  await judge(page, 'Mis Pedidos', 'mis-pedidos');

  await page.getByLabel('Estado').selectOption('Entregada');
  await expect(page).toHaveURL(/estado=Entregada/);
  await expect(table.getByRole('row').nth(1)).toContainText('Entregada');
  for (const row of (await table.getByRole('row').all()).slice(1)) await expect(row).toContainText('Entregada');

  const sale = Number(/#(\d+)/.exec(await table.getByRole('row').nth(1).innerText())?.[1]);
  const sheet = await openOrder(page, sale);
  await expect(page).toHaveURL(/pedido=/);
  await expect(sheet.getByText('Entregado', { exact: true })).toBeVisible();
  await judge(page, 'Mis Pedidos, detalle', 'mis-pedidos-detalle');

  await page.setViewportSize(PHONE);
  const box = await sheet.boundingBox();
  expect(Math.round(box!.width), 'en un teléfono el detalle ocupa la pantalla').toBe(PHONE.width);
  await sheet.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page).not.toHaveURL(/pedido=/);
  await expect(page).toHaveURL(/estado=Entregada/);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
});
