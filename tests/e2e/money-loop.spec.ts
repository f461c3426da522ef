// The money loop through the browser, as the three people who run it, with the database checked
// after every step: a member orders with a payment voucher; Laura (admin) approves it after reading
// who earns what; her sponsor reads the commission and why in Mis Recompensas and asks for a payout;
// Laura approves and pays it. The buyer, the sponsor (who has money available from a month of her
// own) and the product are the test's own, so balances and stock are exact.
import { formatMoney, formatPercent } from '../../src/lib/format/format';
import { one, readAs, readSettings } from './db';
import { pngImage } from './files';
import { expect, test } from './fixtures';
import { approvals } from './pages/approvals';
import { ORDER, placeOrder } from './pages/place-order';
import { payouts } from './pages/payouts';
import { rewards } from './pages/rewards';
import { personas } from './support';

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

const balanceOf = (email: string) => readAs(email, async (db) => (await db.query<Balance>('select * from public.get_balance()')).rows[0]!);

test('pedido con comprobante → aprobación → comisión con su porqué → retiro → pago, y la base lo confirma en cada paso', async ({ own, people }) => {
  test.setTimeout(240_000);
  const { currency } = await readSettings();
  const money = (v: string | number) => formatMoney(v, currency);
  const run = own.tag.toUpperCase();
  const sponsor = await own.earner();
  // Active already, as a member who buys every month: no reminder over the catalogue.
  const buyer = await own.member({ name: `Carmen Ciclo ${own.tag}`, enroller: sponsor.id, active: true });
  const product = await own.product({
    name: `Ciclo e2e ${run}`,
    description: 'Producto de la prueba del ciclo del dinero.',
    category: 'Pruebas',
    benefits: ['energia'],
    price: 40_000,
    points: 25,
    stock: 12,
  });

  // 1. The buyer orders two units with a transfer and its voucher.
  let page = await people.open(buyer.email, ORDER);
  const order = placeOrder(page);
  await order.search(product.name);
  await order.add(product);
  await order.quantity(product).fill('2');
  await expect(order.total()).toHaveText(money(80_000));
  await order.toCheckout();
  await page.getByLabel('Transferencia').check();
  const reference = `E2E-CICLO-${run}`;
  await page.getByLabel('Referencia de pago').fill(reference);
  await page.getByLabel('Comprobante de pago (opcional)').setInputFiles({ name: 'comprobante.png', mimeType: 'image/png', buffer: pngImage() });
  await order.confirm().click();
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
  expect(sale).toMatchObject({ status: 'Pendiente de Aprobación', total: '80000.00', points_total: 50 });
  expect(sale.voucher_hash, 'el comprobante quedó guardado y su huella va con la venta').toBe(sale.etag);
  expect(sale.etag).toBeTruthy();
  const stockOf = async () => (await one<{ stock: number }>('select stock from public.products where id = $1', [product.id])).stock;
  expect(await stockOf(), 'el stock no se mueve hasta aprobar').toBe(12);
  expect((await one<{ n: string }>('select count(*) as n from public.reward_transactions where source_sale_id = $1', [sale.id])).n).toBe('0');

  // 2. Laura reviews it: the voucher, the bank reminder and who earns what, then approves.
  const sponsorBefore = await balanceOf(sponsor.email);
  page = await people.open(personas.admin, '/aprobaciones');
  const queue = approvals(page);
  await queue.open(sale);
  await expect(page.getByTestId('bank-reminder')).toContainText(`«${reference}»`);
  const preview = page.getByRole('list', { name: 'Recompensas al aprobar' });
  await expect(preview.getByRole('listitem').filter({ hasText: sponsor.name }).filter({ hasText: 'Comisión por compra' })).toBeVisible();
  await queue.approve(sale);

  expect((await one<{ status: string }>('select status from public.sales where id = $1', [sale.id])).status).toBe('Pagada');
  expect(await stockOf(), 'aprobar descuenta el stock una vez').toBe(10);
  const [commission] = await readAs(
    sponsor.email,
    async (db) =>
      (await db.query<Entry>(`select * from public.get_ledger(p_limit => 50) where source_sale_id = $1 and type = 'commission_purchase'`, [sale.id])).rows,
  );
  expect(commission, 'la patrocinadora cobra comisión por la compra de su enrolada directa').toMatchObject({
    generation: 1,
    source_client_name: buyer.name,
  });
  const afterApproval = await balanceOf(sponsor.email);
  expect(Number(afterApproval.pending)).toBeCloseTo(Number(sponsorBefore.pending) + Number(commission!.amount), 2);

  // 3. The sponsor sees it with its why, and asks to withdraw from what is available.
  page = await people.open(sponsor.email, '/mi-cuenta/recompensas');
  const mine = rewards(page);
  await expect(mine.entry(commission!.id).getByTestId('ledger-why')).toHaveText(
    `Comisión por la compra de ${buyer.name} (1.ª generación): ${formatPercent(commission!.rate!)} de ${money(commission!.base!)} = ${money(commission!.amount)} · nivel ★${commission!.star_level} · plan v${commission!.plan_version}`,
  );
  await expect(page.getByTestId('balance-pending')).toHaveText(money(afterApproval.pending));
  const amount = (Number(afterApproval.min_payout) + 370).toFixed(2);
  expect(Number(afterApproval.available), 'tiene saldo disponible para el retiro').toBeGreaterThanOrEqual(Number(amount));
  await mine.openPayout();
  await mine.requestPayout(amount);
  await expect(page.getByText('Solicitud de retiro enviada.', { exact: true })).toBeVisible();
  // The sponsor is this test's own: her newest request is the one just sent (to her saved account).
  const payout = await one<{ id: string; status: string; amount: string }>(
    `select r.id, r.status, r.amount from public.payout_requests r where r.client_id = $1 order by r.requested_at desc limit 1`,
    [sponsor.id],
  );
  expect(payout).toMatchObject({ status: 'pending', amount });
  const reserved = await balanceOf(sponsor.email);
  expect(Number(reserved.available)).toBeCloseTo(Number(afterApproval.available) - Number(amount), 2);
  expect(Number(reserved.reserved)).toBeCloseTo(Number(afterApproval.reserved) + Number(amount), 2);

  // 4. Laura approves the request, then pays it with the bank's reference.
  page = await people.open(personas.admin, '/pagos?por_pagina=100');
  const pagos = payouts(page);
  const row = pagos.row(sponsor.name, money(amount));
  await pagos.approve(row);
  expect((await one<{ status: string }>('select status from public.payout_requests where id = $1', [payout.id])).status).toBe('approved');
  await pagos.show(/Aprobadas sin pagar/);
  const bankReference = `TRF-CICLO-${run}`;
  await pagos.pay(row, bankReference);

  const paid = await one<{ status: string; payment_reference: string; paid_at: string | null }>(
    'select status, payment_reference, paid_at from public.payout_requests where id = $1',
    [payout.id],
  );
  expect(paid).toMatchObject({ status: 'paid', payment_reference: bankReference });
  expect(paid.paid_at).not.toBeNull();
  const after = await balanceOf(sponsor.email);
  expect(Number(after.reserved)).toBeCloseTo(Number(afterApproval.reserved), 2);
  expect(Number(after.paid)).toBeCloseTo(Number(afterApproval.paid) + Number(amount), 2);
  expect(Number(after.available)).toBeCloseTo(Number(afterApproval.available) - Number(amount), 2);
  expect(Number(after.pending), 'la comisión nueva sigue pendiente hasta el cierre').toBeCloseTo(Number(afterApproval.pending), 2);
});
