// The money loop through the browser, as the three people who run it, with the database checked
// after every step: Carlos orders with a payment voucher; Laura (admin) approves it after reading
// who earns what; María, his sponsor, reads the commission and why in Mis Recompensas and asks for
// a payout; Laura approves and pays it. The product is this run's own, so stock is exact.
import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { formatMoney, formatPercent, formatPoints } from '../../src/lib/format';
import { asMember, readSettings } from './as-member';
import { pngImage } from './files';
import { openAs } from './session';
import { personas, withDb } from './support';

const carlos = 'carlos.inactivo@savia.test';
const run = randomUUID().slice(0, 6).toUpperCase();
const PENDING = `status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento')`;

interface Entry {
  id: string;
  type: string;
  amount: string;
  points: number;
  generation: number | null;
  base: string | null;
  rate: string | null;
  star_level: number | null;
  plan_version: number;
  source_client_name: string | null;
  source_sale_id: string | null;
}
interface Balance {
  available: string;
  pending: string;
  reserved: string;
  paid: string;
  min_payout: string;
}

const one = async <T>(sql: string, params: unknown[] = []) => withDb(async (db) => (await db.query(sql, params)).rows[0] as T);
const balanceOf = (email: string) => asMember(email, async (db) => (await db.query<Balance>('select * from public.get_balance()')).rows[0]!);
const toasts = (page: Page) => page.locator('[data-sonner-toaster]');

/** Each person in a browser of their own, as on their own devices (a tab keeps the session it started with). */
async function openAsIn(browser: Browser, email: string, path: string) {
  const page = await (await browser.newContext()).newPage();
  await openAs(page, email, path);
  return page;
}

/** The sale's page in the approvals queue (oldest first, 20 a page), as the queue's link would open it. */
async function queuePage(saleId: string) {
  const { ahead } = await one<{ ahead: string }>(
    `select count(*) as ahead from public.sales s, public.sales me where me.id = $1 and s.${PENDING} and (s.created_at, s.id) < (me.created_at, me.id)`,
    [saleId],
  );
  return Math.floor(Number(ahead) / 20) + 1;
}

test('pedido con comprobante → aprobación → comisión con su porqué → retiro → pago, y la base lo confirma en cada paso', async ({ browser }) => {
  test.setTimeout(240_000);
  const { currency } = await readSettings();
  const money = (v: string | number) => formatMoney(v, currency);
  const product = await one<{ id: string; name: string }>(
    `insert into public.products (sku, name, description, category, benefits, price, commissionable_amount, points, stock)
     values ($1, $2, 'Producto de la prueba del ciclo del dinero.', 'Pruebas', '{prueba}', 40, 40, 25, 12) returning id, name`,
    [`E2E-CICLO-${run}`, `Ciclo e2e ${run}`],
  );
  try {
    // 1. Carlos orders two units with a transfer and its voucher.
    let page = await openAsIn(browser, carlos, '/mi-cuenta/hacer-pedido');
    await page.getByLabel('Buscar productos').fill(product.name);
    await page.getByRole('button', { name: `Agregar ${product.name} al carrito` }).click();
    const cart = page.getByRole('complementary', { name: 'Tu carrito' });
    await cart.getByLabel(`Cantidad de ${product.name}`).fill('2');
    await expect(cart.getByTestId('cart-total')).toHaveText(money(80));
    await page.getByRole('button', { name: 'Continuar al pago' }).click();
    await page.getByLabel('Transferencia').check();
    const reference = `E2E-CICLO-${run}`;
    await page.getByLabel('Referencia de pago').fill(reference);
    await page.getByLabel('Comprobante de pago (opcional)').setInputFiles({ name: 'comprobante.png', mimeType: 'image/png', buffer: pngImage() });
    await page.getByRole('button', { name: 'Confirmar pedido' }).click();
    await expect(page.getByTestId('order-confirmation')).toContainText('Pendiente de Aprobación', { timeout: 20_000 });

    const sale = await one<{
      id: string;
      sale_no: number;
      status: string;
      total: string;
      points_total: number;
      voucher_hash: string | null;
      etag: string | null;
    }>(
      `select s.id, s.sale_no::int as sale_no, s.status, s.total, s.points_total, s.voucher_hash,
              (select o.metadata ->> 'eTag' from storage.objects o where o.bucket_id = 'payment-vouchers' and o.name = s.voucher_path) as etag
         from public.sales s where s.payment_reference = $1`,
      [reference],
    );
    expect(sale).toMatchObject({ status: 'Pendiente de Aprobación', total: '80.00', points_total: 50 });
    expect(sale.voucher_hash, 'el comprobante quedó guardado y su huella va con la venta').toBe(sale.etag);
    expect(sale.etag).toBeTruthy();
    expect((await one<{ stock: number }>('select stock from public.products where id = $1', [product.id])).stock, 'el stock no se mueve hasta aprobar').toBe(
      12,
    );
    expect((await one<{ n: string }>('select count(*) as n from public.reward_transactions where source_sale_id = $1', [sale.id])).n).toBe('0');

    // 2. Laura reviews it: the voucher, the bank reminder and who earns what, then approves.
    const mariaBefore = await balanceOf(personas.memberActive);
    page = await openAsIn(browser, personas.admin, `/aprobaciones?pagina=${await queuePage(sale.id)}&venta=${sale.id}`);
    const review = page.getByTestId('sale-review');
    await expect(review.getByRole('heading', { level: 2 })).toContainText(`#${formatPoints(sale.sale_no)}`);
    await expect(page.getByTestId('bank-reminder')).toContainText(`«${reference}»`);
    const preview = page.getByRole('list', { name: 'Recompensas al aprobar' });
    await expect(preview.getByRole('listitem').filter({ hasText: 'María Fernández' }).filter({ hasText: 'Comisión por compra' })).toBeVisible();
    await review.getByRole('button', { name: 'Aprobar' }).click();
    const confirm = page.getByRole('alertdialog', { name: `¿Aprobar la venta #${formatPoints(sale.sale_no)}?` });
    await confirm.getByRole('button', { name: 'Aprobar' }).click();
    await expect(toasts(page).getByText(new RegExp(`^Venta #${formatPoints(sale.sale_no)} aprobada`))).toBeVisible();

    expect((await one<{ status: string }>('select status from public.sales where id = $1', [sale.id])).status).toBe('Pagada');
    expect((await one<{ stock: number }>('select stock from public.products where id = $1', [product.id])).stock, 'aprobar descuenta el stock una vez').toBe(
      10,
    );
    const [commission] = await asMember(
      personas.memberActive,
      async (db) =>
        (await db.query<Entry>(`select * from public.get_ledger(p_limit => 50) where source_sale_id = $1 and type = 'commission_purchase'`, [sale.id])).rows,
    );
    expect(commission, 'María cobra comisión por la compra de Carlos, su enrolado directo').toMatchObject({
      generation: 1,
      source_client_name: 'Carlos Rodríguez',
    });
    const mariaAfterApproval = await balanceOf(personas.memberActive);
    expect(Number(mariaAfterApproval.pending)).toBeCloseTo(Number(mariaBefore.pending) + Number(commission!.amount), 2);

    // 3. María sees it with its why, and asks to withdraw from what is available.
    page = await openAsIn(browser, personas.memberActive, '/mi-cuenta/recompensas');
    const entry = page.locator(`[data-entry-id="${commission!.id}"]`);
    await expect(entry.getByTestId('ledger-why')).toHaveText(
      `Comisión por la compra de Carlos Rodríguez (1.ª generación): ${formatPercent(commission!.rate!)} de ${money(commission!.base!)} = ${money(commission!.amount)} · nivel ★${commission!.star_level} · plan v${commission!.plan_version}`,
    );
    await expect(page.getByTestId('balance-pending')).toHaveText(money(mariaAfterApproval.pending));
    // An amount of this run's own, so Pagos shows exactly this request.
    const amount = (Number(mariaAfterApproval.min_payout) + 0.37).toFixed(2);
    expect(Number(mariaAfterApproval.available), 'María tiene saldo disponible para el retiro').toBeGreaterThanOrEqual(Number(amount));
    await page.getByRole('button', { name: 'Solicitar retiro' }).click();
    const request = page.getByRole('dialog', { name: 'Solicitar retiro' });
    const requestedSince = new Date().toISOString();
    await request.getByLabel('Importe').fill(amount.replace('.', ','));
    await request.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(page.getByText('Solicitud de retiro enviada.', { exact: true })).toBeVisible();
    // María's request of this run: her amount, asked since the click (it goes to her saved account).
    const payout = await one<{ id: string; status: string; amount: string }>(
      `select r.id, r.status, r.amount from public.payout_requests r join public.clients c on c.id = r.client_id
        where c.email = $1 and r.amount = $2 and r.requested_at >= $3 order by r.requested_at desc limit 1`,
      [personas.memberActive, amount, requestedSince],
    );
    expect(payout).toMatchObject({ status: 'pending', amount });
    const reserved = await balanceOf(personas.memberActive);
    expect(Number(reserved.available)).toBeCloseTo(Number(mariaAfterApproval.available) - Number(amount), 2);
    expect(Number(reserved.reserved)).toBeCloseTo(Number(mariaAfterApproval.reserved) + Number(amount), 2);

    // 4. Laura approves the request, then pays it with the bank's reference.
    page = await openAsIn(browser, personas.admin, '/pagos?por_pagina=100');
    const row = page
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: 'María Fernández' })
      .filter({ hasText: money(amount) });
    await row.getByRole('button', { name: 'Aprobar' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Aprobar' }).click();
    await expect(toasts(page).getByText('Solicitud aprobada.')).toBeVisible();
    expect((await one<{ status: string }>('select status from public.payout_requests where id = $1', [payout.id])).status).toBe('approved');

    await page
      .getByRole('navigation', { name: 'Solicitudes por estado' })
      .getByRole('link', { name: /Aprobadas sin pagar/ })
      .click();
    await row.getByRole('button', { name: 'Marcar pagado' }).click();
    const bankReference = `TRF-CICLO-${run}`;
    await page.getByRole('alertdialog').getByLabel('Referencia del pago').fill(bankReference);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Marcar pagado' }).click();
    await expect(toasts(page).getByText('Pago registrado.')).toBeVisible();

    const paid = await one<{ status: string; payment_reference: string; paid_at: string | null }>(
      'select status, payment_reference, paid_at from public.payout_requests where id = $1',
      [payout.id],
    );
    expect(paid).toMatchObject({ status: 'paid', payment_reference: bankReference });
    expect(paid.paid_at).not.toBeNull();
    const after = await balanceOf(personas.memberActive);
    expect(Number(after.reserved)).toBeCloseTo(Number(mariaAfterApproval.reserved), 2);
    expect(Number(after.paid)).toBeCloseTo(Number(mariaAfterApproval.paid) + Number(amount), 2);
    expect(Number(after.available)).toBeCloseTo(Number(mariaAfterApproval.available) - Number(amount), 2);
    expect(Number(after.pending), 'la comisión nueva sigue pendiente hasta el cierre').toBeCloseTo(Number(mariaAfterApproval.pending), 2);
  } finally {
    await withDb((db) => db.query('update public.products set is_active = false where id = $1', [product.id]));
  }
});
