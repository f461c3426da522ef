// Aprobaciones as the demo admin (Laura). Each test makes its own pending sales through the members'
// own RPCs (place_order, enrol_member, with a voucher uploaded to Storage as the member), by members
// of its own, and checks the database after every decision: the sale's state, the ledger against
// the preview on screen, the stock. What it leaves pending is rejected when it ends (tests/e2e/own.ts).
// The two tests that read the queue's length (the navigation's count, the sale that opens next) are
// @empresa: they run while nobody else adds to the queue.
import type { Browser } from '@playwright/test';
import { formatMoney, formatPercent, formatPoints } from '../../src/lib/format/format';
import { ledgerTypeLabels, type LedgerType } from '../../src/lib/data/domain';
import { one, rows, asPerson, refusalOf } from './db';
import { expect, test } from './fixtures';
import { expectAccessible, shootScreen } from './look';
import type { Own, Product } from './own';
import { approvals, PENDING, previewLines, queuePage } from './pages/approvals';
import { apiAs, openAs } from './session';
import { personas } from './support';

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

interface Made {
  id: string;
  sale_no: number;
}

// ── fixtures: as the members would ───────────────────────────────────────────────────────────

/** A buyer of the test's own under a sponsor of its own (so approving pays an upline commission). */
async function buyers(own: Own) {
  const sponsor = await own.member({ name: `Sara Aprobaciones ${own.tag}`, account: true });
  const buyer = await own.member({ name: `Beto Aprobaciones ${own.tag}`, enroller: sponsor.id, account: true });
  const other = await own.member({ name: `Otto Aprobaciones ${own.tag}`, enroller: sponsor.id, account: true });
  return { sponsor, buyer, other };
}

async function productId(sku: string) {
  return (await one<{ id: string }>('select id from public.products where sku = $1', [sku])).id;
}

/** An order through the API as the member would send it, its voucher uploaded first under their folder. */
async function placeOrder(
  member: { id: string; email: string },
  o: { sku?: string; product?: Product; quantity: number; reference: string; voucher?: Buffer },
): Promise<Made> {
  const api = await apiAs(member.email);
  const voucherPath = o.voucher ? await api.upload('payment-vouchers', `${member.id}/e2e-${crypto.randomUUID()}.png`, o.voucher, 'image/png') : undefined;
  return api.rpc<Made>('place_order', {
    p_items: [{ product_id: o.product?.id ?? (await productId(o.sku!)), quantity: o.quantity }],
    p_payment_method: 'transferencia',
    p_payment_reference: o.reference,
    p_voucher_path: voucherPath,
  });
}

/** A voucher as a member would photograph it: made by the browser, so every run has real bytes. */
async function voucherPng(browser: Browser, text: string) {
  const page = await browser.newPage({ viewport: { width: 480, height: 320 } });
  await page.setContent(`<div id="v" style="width:440px;padding:20px;font:16px sans-serif;background:#fff;color:#111;border:2px solid #0a7">
      <p style="font-weight:bold;font-size:20px;margin:0 0 8px">Banco Andino · Transferencia exitosa</p>
      <p style="margin:4px 0">Destino: Savia S.A.S. · Cuenta 123-456789-00</p><p style="margin:4px 0">${text}</p>
      <p style="margin:4px 0">Fecha: 23/11/2026 10:42</p></div>`);
  const png = await page.locator('#v').screenshot();
  await page.close();
  return png;
}

const pendingCount = async () => Number((await one<{ n: string }>(`select count(*) as n from public.sales where ${PENDING}`)).n);
const saleRow = (id: string) =>
  one<{ status: string; rejection_reason: string | null; sale_no: number }>('select status, rejection_reason, sale_no from public.sales where id = $1', [id]);
const stockOf = async (sku: string) => (await one<{ stock: number }>('select stock from public.products where sku = $1', [sku])).stock;

/** Another admin decides in the database meanwhile, as the RPC does for anyone signed in. */
const approveAs = (email: string, saleId: string) => asPerson(email, 'select public.approve_sale($1)', [saleId]);

/** What the ledger wrote for the sale, as the preview writes its lines. */
async function ledgerOf(saleId: string) {
  const { currency } = await one<{ currency: string }>(`select currency from public.metadata where id = 'app_settings'`);
  const written = await rows<{ name: string; type: LedgerType; amount: string; points: number }>(
    `select c.name, r.type, r.amount, r.points from public.reward_transactions r join public.clients c on c.id = r.beneficiary_id
      where r.source_sale_id = $1 order by r.id`,
    [saleId],
  );
  return written
    .map((r) => {
      const value = [Number(r.amount) !== 0 && formatMoney(r.amount, currency), r.points !== 0 && `${formatPoints(r.points)} puntos`]
        .filter(Boolean)
        .join(' · ');
      return `${r.name} | ${ledgerTypeLabels[r.type]} | ${value}`;
    })
    .sort();
}

// ── the screen ───────────────────────────────────────────────────────────────────────────────

test('aprueba un pedido viendo quién gana qué y rechaza un enrolamiento con motivo; la cola pasa a la próxima', { tag: '@empresa' }, async ({ page, own }) => {
  const { sponsor, buyer } = await buyers(own);
  const ref = `E2E-APR-${stamp()}`;
  const order = await placeOrder(buyer, { sku: 'ESP-120', quantity: 2, reference: ref });
  // Enrolled with a document another member already uses: a warning to see before deciding.
  const doc = await one<{ document_number: string; name: string }>(
    `select document_number, name from public.clients where lower(email) = 'paula.castro@savia.test'`,
  );
  const person = `Persona E2E ${stamp()}`;
  const enrolment = await (
    await apiAs(sponsor.email)
  ).rpc<Made>('enrol_member', {
    p_name: person,
    p_email: `e2e-aprob-${stamp().toLowerCase()}@savia.test`,
    p_kit_id: await productId('KIT-INICIO'),
    p_document_number: doc.document_number,
    p_payment_method: 'transferencia',
    p_payment_reference: `${ref}-ENR`,
  });

  const a = approvals(page);
  await a.open(order);
  await a.expectNavCount(await pendingCount());
  await expect(page.getByTestId('bank-reminder')).toContainText(`«${ref}»`);
  const preview = await previewLines(page.getByRole('list', { name: 'Recompensas al aprobar' }));
  // The buyer's points (the sale's own) and the sponsor's commission.
  const { points_total } = await one<{ points_total: number }>('select points_total from public.sales where id = $1', [order.id]);
  expect(preview, preview.join('\n')).toContain(`${buyer.name} | Puntos por compra | ${formatPoints(points_total)} puntos`);
  expect(
    preview.some((line) => line.startsWith(`${sponsor.name} | Comisión por compra |`)),
    preview.join('\n'),
  ).toBe(true);
  const stockBefore = await stockOf('ESP-120');
  const queueBefore = await pendingCount();

  // A: the confirmation says what will happen and lists who earns what, read again from the database.
  await page.keyboard.press('a');
  const approveDialog = page.getByRole('alertdialog', { name: `¿Aprobar la venta #${formatPoints(order.sale_no)}?` });
  await expect(approveDialog).toContainText('Hazlo solo si ya viste el dinero en la cuenta de la empresa.');
  const inDialog = approveDialog.getByRole('list', { name: 'Quién gana qué al aprobar' });
  await expect(approveDialog).toContainText(`Se escribirán estos ${preview.length} asientos:`);
  expect(await previewLines(inDialog), 'el diálogo muestra la misma vista previa').toEqual(preview);
  await expect(inDialog.getByRole('listitem').first()).toContainText('(venta #'); // the why, not just the figure
  await approveDialog.getByRole('button', { name: 'Aprobar' }).click();
  await expect(
    page.getByText(`Venta #${formatPoints(order.sale_no)} aprobada: queda Pagada y se escribieron ${preview.length} asientos de recompensas.`),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`venta=${enrolment.id}`));
  await expect(a.heading).toHaveText(`Enrolamiento #${formatPoints(enrolment.sale_no)}`);
  await expect(a.heading).toBeFocused();

  // The database agrees with what was shown: the state, one ledger row per previewed line, the stock.
  expect(await saleRow(order.id)).toMatchObject({ status: 'Pagada' });
  expect(await ledgerOf(order.id), 'los asientos escritos son los de la vista previa').toEqual(preview);
  expect(await stockOf('ESP-120')).toBe(stockBefore - 2);
  expect(await pendingCount()).toBe(queueBefore - 1);
  await expect(a.queueLink(order)).toHaveCount(0);
  await a.expectNavCount(queueBefore - 1);

  // The enrolment: the person, who enrols them, and the document someone else uses.
  await expect(a.review.getByRole('heading', { name: 'Persona a enrolar' })).toBeVisible();
  await expect(a.review).toContainText(person);
  await expect(page.getByTestId('enrolment-warnings')).toContainText(`El documento ${doc.document_number} ya lo usa otra ficha`);
  await expect(page.getByTestId('enrolment-warnings')).toContainText(doc.name);

  // R: a reason is required; a common one is picked. Nothing moves: no entries, the kit stays.
  const kitBefore = await stockOf('KIT-INICIO');
  await page.keyboard.press('r');
  const rejectDialog = page.getByRole('alertdialog', { name: `¿Rechazar la venta #${formatPoints(enrolment.sale_no)}?` });
  await expect(rejectDialog.getByRole('textbox', { name: 'Motivo del rechazo' })).toBeFocused();
  await rejectDialog.getByRole('button', { name: 'Datos del enrolamiento incompletos.' }).click();
  await rejectDialog.getByRole('button', { name: 'Rechazar' }).click();
  await expect(page.getByText(`Venta #${formatPoints(enrolment.sale_no)} rechazada: queda Rechazado con tu motivo, sin mover stock ni dinero.`)).toBeVisible();
  await expect(rejectDialog).toBeHidden();
  expect(await saleRow(enrolment.id)).toMatchObject({ status: 'Rechazado', rejection_reason: 'Datos del enrolamiento incompletos.' });
  expect(await ledgerOf(enrolment.id)).toEqual([]);
  expect(await stockOf('KIT-INICIO')).toBe(kitBefore);
  const enrolled = await one<{ enrollment_status: string }>(
    'select c.enrollment_status from public.clients c join public.sales s on s.client_id = c.id where s.id = $1',
    [enrolment.id],
  );
  expect(enrolled.enrollment_status).toBe('rejected');
  await a.expectNavCount(queueBefore - 2);
});

test('si otra persona del equipo la aprobó antes, se ve la negativa de la base de datos y la cola se actualiza', { tag: '@empresa' }, async ({ page, own }) => {
  const { buyer } = await buyers(own);
  const sale = await placeOrder(buyer, { sku: 'CAL-050', quantity: 1, reference: `E2E-RACE-${stamp()}` });
  const a = approvals(page);
  await a.open(sale);
  await expect(a.queueLink(sale)).toBeVisible();
  await previewLines(page.getByRole('list', { name: 'Recompensas al aprobar' }));

  await approveAs(personas.superFinance, sale.id); // Sofía, in another office, was faster

  // The dialog's fresh preview already says so, and the queue drops it, before any click.
  await a.review.getByRole('button', { name: 'Aprobar' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByTestId('approve-preview-resolved')).toHaveText('La venta está «Pagada»: la vista previa es para ventas pendientes.');
  await expect(a.queueLink(sale)).toHaveCount(0);
  // Approving anyway is refused by the database, in its words, inside the dialog.
  await dialog.getByRole('button', { name: 'Aprobar' }).click();
  const sentence = `La venta #${sale.sale_no} está «Pagada»: solo se aprueba una venta pendiente.`;
  await expect(dialog.getByRole('alert')).toHaveText(sentence);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByTestId('not-pending')).toContainText(sentence);
  await expect(a.review.getByRole('button', { name: 'Aprobar' })).toHaveCount(0);
  await a.expectNavCount(await pendingCount());
  // Approved once: the other admin's entries, no second set.
  const { n } = await one<{ n: string }>('select count(*) as n from public.reward_transactions where source_sale_id = $1 and type = $2', [
    sale.id,
    'points_purchase',
  ]);
  expect(Number(n)).toBe(1);
});

test('sin stock suficiente se ve antes de aprobar, y la negativa aparece en el diálogo', async ({ page, own }) => {
  const { buyer, other } = await buyers(own);
  const product = await own.product({ name: `Infusión de prueba ${own.tag}`, price: 10, commissionable: 8, points: 10, stock: 2 });
  const first = await placeOrder(buyer, { product, quantity: 2, reference: `E2E-STK-A-${stamp()}` });
  const second = await placeOrder(other, { product, quantity: 2, reference: `E2E-STK-B-${stamp()}` });
  await approveAs(personas.superFinance, first.id); // the first takes the last two units
  const a = approvals(page);
  await a.open(second);
  await expect(page.getByTestId('stock-shortfall')).toContainText(`${product.name}: pide 2 y quedan 0.`);
  const dialog = await a.openApprove(second);
  await expect(dialog).toContainText('Ojo: hoy no hay stock suficiente');
  await dialog.getByRole('button', { name: 'Aprobar' }).click();
  await expect(dialog.getByRole('alert')).toContainText(product.name);
  expect(await saleRow(second.id)).toMatchObject({ status: 'Pendiente de Aprobación' });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
});

/** Two orders claiming one transfer: the same reference (in other letters) and the same file. */
async function sameTransferTwice(browser: Browser, own: Own) {
  const { buyer, other } = await buyers(own);
  const ref = `E2E-FRAUDE-${stamp()}`;
  const voucher = await voucherPng(browser, `Referencia: ${ref} · Valor: $ 38.000`);
  const first = await placeOrder(buyer, { sku: 'MOR-500', quantity: 1, reference: ref, voucher });
  const second = await placeOrder(other, { sku: 'MOR-500', quantity: 1, reference: ref.toLowerCase(), voucher });
  return { ref, first, second };
}

test('señales de fraude con enlaces a la otra venta, el importe del comprobante que no coincide, el comprobante con zoom y el teclado J/K', async ({
  page,
  browser,
  own,
}) => {
  const { ref, first, second } = await sameTransferTwice(browser, own);
  const a = approvals(page);
  await a.open(second);
  const signs = page.getByTestId('fraud-signs');
  await expect(signs).toContainText(`La referencia de pago «${ref.toLowerCase()}» ya aparece en otra venta`);
  await expect(signs).toContainText('El mismo archivo de comprobante ya se usó en otra venta');
  await expect(signs.getByRole('link', { name: `Venta #${formatPoints(first.sale_no)}` })).toHaveCount(2);
  await expect(page.getByTestId('keyboard-legend')).toContainText('No funcionan mientras escribes en un campo.');

  // The approver reads 38.000 on the voucher: the database compares it with the total, a fraud sign.
  const sold = await one<{ total: string; currency: string }>(
    `select s.total, m.currency from public.sales s, public.metadata m where s.id = $1 and m.id = 'app_settings'`,
    [second.id],
  );
  const money = (amount: number | string) => formatMoney(amount, sold.currency);
  const noteBox = page.getByTestId('voucher-amount');
  await noteBox.getByRole('textbox', { name: 'Importe que dice el comprobante' }).fill('38.000');
  await noteBox.getByRole('button', { name: 'Anotar importe' }).click();
  await expect(page.getByText('Importe del comprobante anotado.')).toBeVisible();
  const gap = money((38_000 - Number(sold.total)).toFixed(2));
  await expect(page.getByTestId('voucher-amount-mismatch')).toContainText(
    `El comprobante dice ${money(38_000)} y la venta es de ${money(sold.total)}: ${gap} de más. Lo anotó ${personas.admin}`,
  );
  await expect(noteBox.getByTestId('voucher-amount-noted')).toHaveText(`Anotado: ${money(38_000)}, no coincide con el total.`);
  const noteRow = async () =>
    (await one<{ amount: string } | undefined>('select amount from private.voucher_amount_notes where sale_id = $1', [second.id]))?.amount;
  expect(await noteRow()).toBe('38000.00');
  // An amount that cannot be read stays beside the field; nothing is written.
  await noteBox.getByRole('textbox', { name: 'Importe que dice el comprobante' }).fill('treinta');
  await noteBox.getByRole('button', { name: 'Corregir importe' }).click();
  await expect(noteBox.getByRole('alert')).toHaveText('Escribe el importe como aparece en el comprobante: solo la cifra, como en el ejemplo del campo.');
  expect(await noteRow()).toBe('38000.00');

  // The voucher through its signed URL, zoomable.
  await page.getByRole('button', { name: /^Ver comprobante/ }).click();
  const title = `Comprobante de pago de la venta #${formatPoints(second.sale_no)}`;
  const viewer = page.getByRole('dialog', { name: title });
  const image = viewer.getByRole('img', { name: title });
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  await viewer.getByRole('button', { name: 'Acercar' }).click();
  await expect(viewer).toContainText(formatPercent(1.5));
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // K goes to the previous sale in the queue as it is on screen, J comes back. Other workers' tests
  // add and decide orders meanwhile and the queue refetches, so a step that raced a change of the
  // queue is tried again from this sale; a J/K that does not work fails every attempt.
  await expect(async () => {
    await a.open(second);
    const ids = await a.queueIds();
    const previous = ids[ids.indexOf(second.id) - 1];
    expect(previous, 'la venta tiene otra antes en la cola').toBeTruthy();
    await page.keyboard.press('k');
    await expect(page).toHaveURL(new RegExp(`venta=${previous}`), { timeout: 3000 });
    await page.keyboard.press('j');
    await expect(page).toHaveURL(new RegExp(`venta=${second.id}`), { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(a.heading).toHaveText(`Pedido #${formatPoints(second.sale_no)}`);

  // The sign's link opens the first claim, which points back at this one.
  await signs
    .getByRole('link', { name: `Venta #${formatPoints(first.sale_no)}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`venta=${first.id}`));
  await expect(a.heading).toHaveText(`Pedido #${formatPoints(first.sale_no)}`);
  await expect(page.getByTestId('fraud-signs').getByRole('link', { name: `Venta #${formatPoints(second.sale_no)}` })).toHaveCount(2);
  await page
    .getByTestId('fraud-signs')
    .getByRole('link', { name: `Venta #${formatPoints(second.sale_no)}` })
    .first()
    .click();
  await expect(a.heading).toHaveText(`Pedido #${formatPoints(second.sale_no)}`);

  // Typing a reason is typing: J does not move, A does not approve.
  await page.keyboard.press('r');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('textbox', { name: 'Motivo del rechazo' })).toBeFocused();
  await page.keyboard.type('ja, revisar');
  await expect(dialog.getByRole('textbox', { name: 'Motivo del rechazo' })).toHaveValue('ja, revisar');
  await expect(page).toHaveURL(new RegExp(`venta=${second.id}`));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await saleRow(second.id)).toMatchObject({ status: 'Pendiente de Aprobación' });
});

test('una señal de alerta se ve en la tarjeta, se repite al aprobar y pide «Lo revisé»: A y luego Enter no aprueban', async ({ page, browser, own }) => {
  const { ref, first, second } = await sameTransferTwice(browser, own);
  const a = approvals(page);
  await a.open(second);
  const voucherSign = `El mismo archivo de comprobante ya se usó en otra venta (#${first.sale_no}).`;
  const referenceSign = `La referencia de pago «${ref.toLowerCase()}» ya aparece en otra venta (#${first.sale_no}).`;
  const card = a.queueLink(second).getByTestId('card-fraud-signs');
  await expect(card).toContainText('2 señales de alerta');
  await expect(card).toContainText(voucherSign);
  await expect(card).toContainText(referenceSign);

  // A, then Enter at once: the dialog restates both signs and the focus is on «Lo revisé», which Enter does not tick.
  await page.keyboard.press('a');
  const dialog = page.getByRole('alertdialog', { name: `¿Aprobar la venta #${formatPoints(second.sale_no)}?` });
  const signs = dialog.getByTestId('approve-fraud-signs');
  await expect(signs).toContainText(voucherSign);
  await expect(signs).toContainText(referenceSign);
  const reviewed = dialog.getByRole('checkbox', { name: /^Lo revisé/ });
  await expect(reviewed).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(reviewed).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Aprobar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Marca «Lo revisé» para aprobar una venta con señales de alerta.');
  await expect(reviewed).toBeFocused();
  expect(await saleRow(second.id)).toMatchObject({ status: 'Pendiente de Aprobación' });
  await expectAccessible(page, 'Aprobaciones, aprobar con señales de alerta');
  await shootScreen(page, 'aprobaciones-aprobar-con-senales', { fullPage: false });

  // The database holds the same line: without the acknowledgement, approve_sale refuses with the signs.
  expect(await refusalOf(personas.admin, 'select public.approve_sale($1)', [second.id])).toBe(
    `La venta #${second.sale_no} tiene señales de alerta: ${voucherSign} ${referenceSign} Revísalas y marca «Lo revisé» antes de aprobarla.`,
  );

  await page.keyboard.press('Space');
  await expect(reviewed).toBeChecked();
  await dialog.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByText(new RegExp(`^Venta #${formatPoints(second.sale_no)} aprobada`))).toBeVisible();
  expect(await saleRow(second.id)).toMatchObject({ status: 'Pagada' });

  // The first claim still waits, flagged by the one just approved: the queue with nothing open.
  await page.goto(`/aprobaciones?pagina=${await queuePage(first.id)}`);
  await expect(a.queueLink(first).getByTestId('card-fraud-signs')).toContainText(`(#${second.sale_no})`);
  await expectAccessible(page, 'Aprobaciones, tarjeta con señales de alerta');
  await shootScreen(page, 'aprobaciones-tarjeta-con-senales');
});

test('cómo se ve: accesible en claro y oscuro, con sus diálogos abiertos, y capturas a los dos tamaños', async ({ page, browser, own }) => {
  test.slow(); // axe four times in two themes and twenty screenshots
  const { second } = await sameTransferTwice(browser, own);
  // The approver already read the voucher: its amount is not the sale's (the sign shows in the shots).
  await one(
    `insert into private.voucher_amount_notes (sale_id, amount, noted_by, noted_at)
     select $1, 38000, u.id, now() from auth.users u where lower(u.email) = lower($2)`,
    [second.id, personas.admin],
  );
  await approvals(page).open(second);
  await expect(page.getByTestId('voucher-amount-mismatch')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recompensas al aprobar' })).toBeVisible();
  await expectAccessible(page, 'Aprobaciones');
  await shootScreen(page, 'aprobaciones');

  await page.getByRole('button', { name: /^Ver comprobante/ }).click();
  await expect(page.getByRole('dialog').getByRole('img')).toHaveJSProperty('complete', true);
  await expectAccessible(page, 'Aprobaciones, visor del comprobante');
  await shootScreen(page, 'aprobaciones-comprobante', { fullPage: false });
  await page.keyboard.press('Escape');

  await page.keyboard.press('a');
  await expect(page.getByRole('alertdialog').getByRole('list', { name: 'Quién gana qué al aprobar' })).toBeVisible();
  await expectAccessible(page, 'Aprobaciones, diálogo de aprobación');
  await shootScreen(page, 'aprobaciones-aprobar', { fullPage: false });
  await page.keyboard.press('Escape');

  await page.keyboard.press('r');
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectAccessible(page, 'Aprobaciones, diálogo de rechazo');
  await shootScreen(page, 'aprobaciones-rechazar', { fullPage: false });
  await page.keyboard.press('Escape');

  // The queue with nothing open: the list, and on a wide screen the invitation to start.
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Aprobaciones', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Revisar la más antigua' })).toBeVisible();
  await shootScreen(page, 'aprobaciones-cola');
});

test.describe('móvil', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('la cola y la venta se recorren en el teléfono', async ({ page, own }) => {
    const { buyer } = await buyers(own);
    const sale = await placeOrder(buyer, { sku: 'ROM-030', quantity: 1, reference: `E2E-MOVIL-${stamp()}` });
    const a = approvals(page);
    await openAs(page, personas.admin, `/aprobaciones?pagina=${await queuePage(sale.id)}`);
    await expect(page.getByRole('button', { name: 'Revisar la más antigua' })).toBeHidden();
    await a.queueLink(sale).click();
    await expect(a.heading).toHaveText(`Pedido #${formatPoints(sale.sale_no)}`);
    await expect(a.queue).toBeHidden();
    await expect(a.review.getByRole('button', { name: 'Aprobar' })).toBeVisible();
    await page.getByRole('button', { name: 'Volver a la cola' }).click();
    await expect(a.queue).toBeVisible();
    await expectAccessible(page, 'Aprobaciones en el teléfono');
  });
});
