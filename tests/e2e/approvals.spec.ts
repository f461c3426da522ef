// Aprobaciones as the demo admin (Laura). Each test makes its own pending sales through the members'
// own RPCs (place_order, enrol_member, with a voucher uploaded to Storage as the member) and checks
// the database after every decision: the sale's state, the ledger against the preview on screen,
// the stock. What it leaves pending is rejected at the end, so the queue is as it was found.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { formatMoney, formatPoints } from '../../src/lib/format/format';
import { ledgerTypeLabels, type LedgerType } from '../../src/lib/data/domain';
import { expectAccessible, shootScreen } from './look';
import { openAs, sessionFor } from './session';
import { cfg, personas, withDb } from './support';

const PENDING = `status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento')`;
const PAGE_SIZE = 20;
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

interface Made {
  id: string;
  sale_no: number;
}
const made: string[] = [];

// ── fixtures: as the members would ───────────────────────────────────────────────────────────

async function asMember(email: string) {
  const { access_token: token } = await sessionFor(email);
  const headers = { apikey: cfg.anonKey, authorization: `Bearer ${token}` };
  const rpc = async (name: string, body: object) => {
    const res = await fetch(`${cfg.apiUrl}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', accept: 'application/vnd.pgrst.object+json' },
      body: JSON.stringify(body),
    });
    const answer = await res.json();
    expect(res.ok, `${name}: ${JSON.stringify(answer)}`).toBe(true);
    made.push(answer.id);
    return answer as Made;
  };
  const uploadVoucher = async (png: Buffer) => {
    const { rows } = await withDb((db) => db.query<{ id: string }>('select id from public.clients where lower(email) = lower($1)', [email]));
    const path = `${rows[0]!.id}/e2e-${crypto.randomUUID()}.png`;
    const res = await fetch(`${cfg.apiUrl}/storage/v1/object/payment-vouchers/${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'image/png' },
      body: new Uint8Array(png),
    });
    expect(res.ok, `subir comprobante: ${await res.text()}`).toBe(true);
    return path;
  };
  return { rpc, uploadVoucher };
}

async function productId(sku: string) {
  const { rows } = await withDb((db) => db.query<{ id: string }>('select id from public.products where sku = $1', [sku]));
  return rows[0]!.id;
}

async function placeOrder(email: string, o: { sku?: string; product?: string; quantity: number; reference: string; voucher?: Buffer }) {
  const member = await asMember(email);
  const voucherPath = o.voucher ? await member.uploadVoucher(o.voucher) : undefined;
  return member.rpc('place_order', {
    p_items: [{ product_id: o.product ?? (await productId(o.sku!)), quantity: o.quantity }],
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

async function queuePage(saleId: string) {
  const { rows } = await withDb((db) =>
    db.query<{ ahead: string }>(
      `select count(*) as ahead from public.sales s, public.sales me
        where me.id = $1 and s.${PENDING} and (s.created_at, s.id) < (me.created_at, me.id)`,
      [saleId],
    ),
  );
  return Math.floor(Number(rows[0]!.ahead) / PAGE_SIZE) + 1;
}

async function pendingCount() {
  const { rows } = await withDb((db) => db.query<{ n: string }>(`select count(*) as n from public.sales where ${PENDING}`));
  return Number(rows[0]!.n);
}

async function saleRow(id: string) {
  const { rows } = await withDb((db) =>
    db.query<{ status: string; rejection_reason: string | null; sale_no: number }>('select status, rejection_reason, sale_no from public.sales where id = $1', [
      id,
    ]),
  );
  return rows[0]!;
}

/** Another admin decides in the database meanwhile, as the RPC does for anyone signed in. */
async function approveAs(email: string, saleId: string) {
  await withDb(async (db) => {
    await db.query('begin');
    await db.query(
      `select set_config('request.jwt.claims', json_build_object('sub', u.id, 'role', 'authenticated')::text, true)
         from auth.users u where lower(u.email) = lower($1)`,
      [email],
    );
    await db.query('select public.approve_sale($1)', [saleId]);
    await db.query('commit');
  });
}

test.afterAll(async () => {
  // Leave the queue as it was: what a test made and did not decide is rejected.
  await withDb(async (db) => {
    await db.query('begin');
    await db.query(
      `select set_config('request.jwt.claims', json_build_object('sub', u.id, 'role', 'authenticated')::text, true)
         from auth.users u where lower(u.email) = lower($1)`,
      [personas.superFinance],
    );
    await db.query(`select public.reject_sale(s.id, 'Limpieza de la prueba de Aprobaciones.') from public.sales s where s.id = any($1) and s.${PENDING}`, [
      made,
    ]);
    await db.query('commit');
  });
});

// ── the screen ───────────────────────────────────────────────────────────────────────────────

async function openSale(page: Page, sale: Made) {
  await openAs(page, personas.admin, `/aprobaciones?pagina=${await queuePage(sale.id)}&venta=${sale.id}`);
  await expect(reviewHeading(page)).toContainText(`#${formatPoints(sale.sale_no)}`);
}

const reviewHeading = (page: Page) => page.getByTestId('sale-review').getByRole('heading', { level: 2 });
const queueList = (page: Page) => page.getByRole('list', { name: 'Cola de aprobación' });
const navLink = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Aprobaciones', exact: true });

async function expectNavCount(page: Page) {
  const n = await pendingCount();
  await expect(navLink(page)).toHaveAccessibleDescription(`${n} ${n === 1 ? 'pendiente' : 'pendientes'}`);
  await expect(page.getByRole('navigation', { name: 'Navegación principal' }).getByTestId('nav-count')).toHaveText(formatPoints(n));
}

/** The preview as a list shows it, «who | what | how much», sorted: the panel's or the dialog's. */
async function previewOnScreen(page: Page, list = page.getByRole('list', { name: 'Recompensas al aprobar' })) {
  const lines = list.getByRole('listitem');
  await expect(lines.first()).toBeVisible();
  const seen: string[] = [];
  for (const line of await lines.all()) {
    const part = (name: string) => line.locator(`[data-part="${name}"]`).innerText();
    seen.push(`${await part('beneficiary')} | ${await part('type')} | ${await part('value')}`);
  }
  return seen.sort();
}

async function ledgerOf(saleId: string) {
  return withDb(async (db) => {
    const currency = (await db.query<{ currency: string }>(`select currency from public.metadata where id = 'app_settings'`)).rows[0]!.currency;
    const { rows } = await db.query<{ name: string; type: LedgerType; amount: string; points: number }>(
      `select c.name, r.type, r.amount, r.points from public.reward_transactions r join public.clients c on c.id = r.beneficiary_id
        where r.source_sale_id = $1 order by r.id`,
      [saleId],
    );
    return rows
      .map((r) => {
        const value = [Number(r.amount) !== 0 && formatMoney(r.amount, currency), r.points !== 0 && `${formatPoints(r.points)} puntos`]
          .filter(Boolean)
          .join(' · ');
        return `${r.name} | ${ledgerTypeLabels[r.type]} | ${value}`;
      })
      .sort();
  });
}

async function stockOf(sku: string) {
  const { rows } = await withDb((db) => db.query<{ stock: number }>('select stock from public.products where sku = $1', [sku]));
  return rows[0]!.stock;
}

test('aprueba un pedido viendo quién gana qué y rechaza un enrolamiento con motivo; la cola pasa a la próxima', async ({ page }) => {
  const ref = `E2E-APR-${stamp()}`;
  const order = await placeOrder(personas.memberB, { sku: 'ESP-120', quantity: 2, reference: ref });
  // Enrolled with a document another member already uses: a warning to see before deciding.
  const { rows: doc } = await withDb((db) =>
    db.query<{ document_number: string; name: string }>(`select document_number, name from public.clients where lower(email) = 'paula.castro@savia.test'`),
  );
  const person = `Persona E2E ${stamp()}`;
  const enrolment = await (
    await asMember(personas.memberActive)
  ).rpc('enrol_member', {
    p_name: person,
    p_email: `e2e-aprob-${stamp().toLowerCase()}@savia.test`,
    p_kit_id: await productId('KIT-INICIO'),
    p_document_number: doc[0]!.document_number,
    p_payment_method: 'transferencia',
    p_payment_reference: `${ref}-ENR`,
  });

  await openSale(page, order);
  await expectNavCount(page);
  await expect(page.getByTestId('bank-reminder')).toContainText(`«${ref}»`);
  const preview = await previewOnScreen(page);
  // The buyer's points (the sale's own) and at least one upline commission.
  const { rows: buyer } = await withDb((db) =>
    db.query<{ name: string; points_total: number }>(
      'select c.name, s.points_total from public.sales s join public.clients c on c.id = s.client_id where s.id = $1',
      [order.id],
    ),
  );
  expect(preview, preview.join('\n')).toContain(`${buyer[0]!.name} | Puntos por compra | ${formatPoints(buyer[0]!.points_total)} puntos`);
  expect(
    preview.some((line) => line.includes('| Comisión por compra |')),
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
  expect(await previewOnScreen(page, inDialog), 'el diálogo muestra la misma vista previa').toEqual(preview);
  await expect(inDialog.getByRole('listitem').first()).toContainText('(venta #'); // the why, not just the figure
  await approveDialog.getByRole('button', { name: 'Aprobar' }).click();
  await expect(
    page.getByText(`Venta #${formatPoints(order.sale_no)} aprobada: queda Pagada y se escribieron ${preview.length} asientos de recompensas.`),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`venta=${enrolment.id}`));
  await expect(reviewHeading(page)).toHaveText(`Enrolamiento #${formatPoints(enrolment.sale_no)}`);
  await expect(reviewHeading(page)).toBeFocused();

  // The database agrees with what was shown: the state, one ledger row per previewed line, the stock.
  expect(await saleRow(order.id)).toMatchObject({ status: 'Pagada' });
  expect(await ledgerOf(order.id), 'los asientos escritos son los de la vista previa').toEqual(preview);
  expect(await stockOf('ESP-120')).toBe(stockBefore - 2);
  expect(await pendingCount()).toBe(queueBefore - 1);
  await expect(queueList(page).getByRole('link', { name: new RegExp(`#${formatPoints(order.sale_no)}\\b`) })).toHaveCount(0);
  await expectNavCount(page);

  // The enrolment: the person, who enrols them, and the document someone else uses.
  const review = page.getByTestId('sale-review');
  await expect(review.getByRole('heading', { name: 'Persona a enrolar' })).toBeVisible();
  await expect(review).toContainText(person);
  await expect(page.getByTestId('enrolment-warnings')).toContainText(`El documento ${doc[0]!.document_number} ya lo usa otra ficha`);
  await expect(page.getByTestId('enrolment-warnings')).toContainText(doc[0]!.name);

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
  const { rows: person_ } = await withDb((db) =>
    db.query<{ enrollment_status: string }>('select c.enrollment_status from public.clients c join public.sales s on s.client_id = c.id where s.id = $1', [
      enrolment.id,
    ]),
  );
  expect(person_[0]!.enrollment_status).toBe('rejected');
  await expectNavCount(page);
});

test('si otra persona del equipo la aprobó antes, se ve la negativa de la base de datos y la cola se actualiza', async ({ page }) => {
  const sale = await placeOrder(personas.memberB, { sku: 'CAL-050', quantity: 1, reference: `E2E-RACE-${stamp()}` });
  await openSale(page, sale);
  const no = formatPoints(sale.sale_no);
  await expect(queueList(page).getByRole('link', { name: new RegExp(`#${no}\\b`) })).toBeVisible();
  await previewOnScreen(page);

  await approveAs(personas.superFinance, sale.id); // Sofía, in another office, was faster

  // The dialog's fresh preview already says so, and the queue drops it, before any click.
  await page.getByTestId('sale-review').getByRole('button', { name: 'Aprobar' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByTestId('approve-preview-resolved')).toHaveText('La venta está «Pagada»: la vista previa es para ventas pendientes.');
  await expect(queueList(page).getByRole('link', { name: new RegExp(`#${no}\\b`) })).toHaveCount(0);
  // Approving anyway is refused by the database, in its words, inside the dialog.
  await dialog.getByRole('button', { name: 'Aprobar' }).click();
  const sentence = `La venta #${sale.sale_no} está «Pagada»: solo se aprueba una venta pendiente.`;
  await expect(dialog.getByRole('alert')).toHaveText(sentence);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByTestId('not-pending')).toContainText(sentence);
  await expect(page.getByTestId('sale-review').getByRole('button', { name: 'Aprobar' })).toHaveCount(0);
  await expectNavCount(page);
  // Approved once: the other admin's entries, no second set.
  const { rows } = await withDb((db) =>
    db.query<{ n: string }>('select count(*) as n from public.reward_transactions where source_sale_id = $1 and type = $2', [sale.id, 'points_purchase']),
  );
  expect(Number(rows[0]!.n)).toBe(1);
});

test('sin stock suficiente se ve antes de aprobar, y la negativa aparece en el diálogo', async ({ page }) => {
  const sku = `E2E-${stamp()}`;
  const { rows } = await withDb((db) =>
    db.query<{ id: string }>(
      `insert into public.products (sku, name, price, commissionable_amount, points, stock) values ($1, $2, 10, 8, 10, 2) returning id`,
      [sku, `Infusión de prueba ${sku}`],
    ),
  );
  const product = rows[0]!.id;
  try {
    const first = await placeOrder(personas.memberB, { product, quantity: 2, reference: `E2E-STK-A-${stamp()}` });
    const second = await placeOrder(personas.memberActive, { product, quantity: 2, reference: `E2E-STK-B-${stamp()}` });
    await approveAs(personas.superFinance, first.id); // the first takes the last two units
    await openSale(page, second);
    await expect(page.getByTestId('stock-shortfall')).toContainText(`Infusión de prueba ${sku}: pide 2 y quedan 0.`);
    await page.getByTestId('sale-review').getByRole('button', { name: 'Aprobar' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Ojo: hoy no hay stock suficiente');
    await dialog.getByRole('button', { name: 'Aprobar' }).click();
    await expect(dialog.getByRole('alert')).toContainText(`Infusión de prueba ${sku}`);
    expect(await saleRow(second.id)).toMatchObject({ status: 'Pendiente de Aprobación' });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
  } finally {
    await withDb((db) => db.query('update public.products set is_active = false where id = $1', [product]));
  }
});

/** Two orders claiming one transfer: the same reference (in other letters) and the same file. */
async function sameTransferTwice(browser: Browser) {
  const ref = `E2E-FRAUDE-${stamp()}`;
  const voucher = await voucherPng(browser, `Referencia: ${ref} · Valor: 38,00`);
  const first = await placeOrder(personas.memberB, { sku: 'MOR-500', quantity: 1, reference: ref, voucher });
  const second = await placeOrder(personas.memberActive, { sku: 'MOR-500', quantity: 1, reference: ref.toLowerCase(), voucher });
  return { ref, first, second };
}

test('señales de fraude con enlaces a la otra venta, el importe del comprobante que no coincide, el comprobante con zoom y el teclado J/K', async ({
  page,
  browser,
}) => {
  const { ref, first, second } = await sameTransferTwice(browser);
  await openSale(page, second);
  const signs = page.getByTestId('fraud-signs');
  await expect(signs).toContainText(`La referencia de pago «${ref.toLowerCase()}» ya aparece en otra venta`);
  await expect(signs).toContainText('El mismo archivo de comprobante ya se usó en otra venta');
  await expect(signs.getByRole('link', { name: `Venta #${formatPoints(first.sale_no)}` })).toHaveCount(2);
  await expect(page.getByTestId('keyboard-legend')).toContainText('No funcionan mientras escribes en un campo.');

  // The approver reads 38,00 on the voucher: the database compares it with the total, a fraud sign.
  const { rows: sold } = await withDb((db) =>
    db.query<{ total: string; currency: string }>(
      `select s.total, m.currency from public.sales s, public.metadata m where s.id = $1 and m.id = 'app_settings'`,
      [second.id],
    ),
  );
  const money = (amount: number | string) => formatMoney(amount, sold[0]!.currency);
  const noteBox = page.getByTestId('voucher-amount');
  await noteBox.getByRole('textbox', { name: 'Importe que dice el comprobante' }).fill('38,00');
  await noteBox.getByRole('button', { name: 'Anotar importe' }).click();
  await expect(page.getByText('Importe del comprobante anotado.')).toBeVisible();
  const gap = money((38 - Number(sold[0]!.total)).toFixed(2));
  await expect(page.getByTestId('voucher-amount-mismatch')).toContainText(
    `El comprobante dice ${money(38)} y la venta es de ${money(sold[0]!.total)}: ${gap} de más. Lo anotó ${personas.admin}`,
  );
  await expect(noteBox.getByTestId('voucher-amount-noted')).toHaveText(`Anotado: ${money(38)}, no coincide con el total.`);
  const noteRow = async () =>
    (await withDb((db) => db.query<{ amount: string }>('select amount from private.voucher_amount_notes where sale_id = $1', [second.id]))).rows[0]?.amount;
  expect(await noteRow()).toBe('38.00');
  // An amount that cannot be read stays beside the field; nothing is written.
  await noteBox.getByRole('textbox', { name: 'Importe que dice el comprobante' }).fill('treinta');
  await noteBox.getByRole('button', { name: 'Corregir importe' }).click();
  await expect(noteBox.getByRole('alert')).toHaveText('Escribe el importe como aparece en el comprobante, por ejemplo 25,00.');
  expect(await noteRow()).toBe('38.00');

  // The voucher through its signed URL, zoomable.
  await page.getByRole('button', { name: /^Ver comprobante/ }).click();
  const title = `Comprobante de pago de la venta #${formatPoints(second.sale_no)}`;
  const viewer = page.getByRole('dialog', { name: title });
  const image = viewer.getByRole('img', { name: title });
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  await viewer.getByRole('button', { name: 'Acercar' }).click();
  await expect(viewer).toContainText('150 %');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // K goes to the previous in the queue (the first claim), J comes back.
  await page.keyboard.press('k');
  await expect(page).toHaveURL(new RegExp(`venta=${first.id}`));
  await expect(reviewHeading(page)).toHaveText(`Pedido #${formatPoints(first.sale_no)}`);
  await expect(page.getByTestId('fraud-signs').getByRole('link', { name: `Venta #${formatPoints(second.sale_no)}` })).toHaveCount(2);
  await page.keyboard.press('j');
  await expect(page).toHaveURL(new RegExp(`venta=${second.id}`));
  await expect(reviewHeading(page)).toHaveText(`Pedido #${formatPoints(second.sale_no)}`);

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

test('cómo se ve: accesible en claro y oscuro, con sus diálogos abiertos, y capturas a los dos tamaños', async ({ page, browser }) => {
  test.slow(); // axe four times in two themes and twenty screenshots
  const { second } = await sameTransferTwice(browser);
  await withDb(async (db) => {
    // The approver already read the voucher: its amount is not the sale's (the sign shows in the shots).
    await db.query(
      `insert into private.voucher_amount_notes (sale_id, amount, noted_by, noted_at)
       select $1, 38, u.id, now() from auth.users u where lower(u.email) = lower($2)`,
      [second.id, personas.admin],
    );
  });
  await openSale(page, second);
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

  test('la cola y la venta se recorren en el teléfono', async ({ page }) => {
    const sale = await placeOrder(personas.memberB, { sku: 'ROM-030', quantity: 1, reference: `E2E-MOVIL-${stamp()}` });
    await openAs(page, personas.admin, `/aprobaciones?pagina=${await queuePage(sale.id)}`);
    await expect(page.getByRole('button', { name: 'Revisar la más antigua' })).toBeHidden();
    await queueList(page)
      .getByRole('link', { name: new RegExp(`#${formatPoints(sale.sale_no)}\\b`) })
      .click();
    await expect(reviewHeading(page)).toHaveText(`Pedido #${formatPoints(sale.sale_no)}`);
    await expect(queueList(page)).toBeHidden();
    await expect(page.getByTestId('sale-review').getByRole('button', { name: 'Aprobar' })).toBeVisible();
    await page.getByRole('button', { name: 'Volver a la cola' }).click();
    await expect(queueList(page)).toBeVisible();
    await expectAccessible(page, 'Aprobaciones en el teléfono');
  });
});
