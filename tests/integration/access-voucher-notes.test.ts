// The amount staff read on a payment voucher (Aprobaciones' fraud sign), through PostgREST as each
// persona: staff note and read it, the member who paid and visitors do neither, and the notes'
// table is out of the API's reach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, sql } from './support';
import { product, retireTestProducts, tagOf } from './engine-support';
import { memberPersona, staffPersona, type Persona } from './fixtures/personas';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
let member: Persona & { clientId: string };
let admin: Persona;
let saleId: string;

beforeAll(async () => {
  member = await memberPersona();
  admin = await staffPersona('admin');
  const items = [{ product_id: await product(tagOf(), 25, 20, 25), quantity: 2 }]; // a 50.00 sale
  const path = `${member.clientId}/nota-${crypto.randomUUID()}.png`;
  expect((await member.client.storage.from('payment-vouchers').upload(path, PNG, { contentType: 'image/png' })).error).toBeNull();
  const { data, error } = await member.client.rpc('place_order', { p_items: items, p_voucher_path: path });
  expect(error).toBeNull();
  saleId = data.id;
});
afterAll(async () => {
  await admin.client.rpc('reject_sale', { p_sale_id: saleId, p_reason: 'Limpieza de la prueba de notas.' });
  await retireTestProducts();
});

describe('el importe anotado del comprobante', () => {
  it('el personal lo anota y la base de datos lo compara con el total', async () => {
    const { data, error } = await admin.client.rpc('note_voucher_amount', { p_sale_id: saleId, p_amount: 45.5 });
    expect(error).toBeNull();
    expect(data).toMatchObject({ amount: 45.5, sale_total: 50, difference: -4.5, matches: false, noted_by_email: admin.email });
    const read = await admin.client.rpc('get_voucher_note', { p_sale_id: saleId });
    expect(read.error).toBeNull();
    expect(read.data).toMatchObject({ amount: 45.5, difference: -4.5, matches: false });
  });

  it('un importe imposible se rechaza con su frase y su código', async () => {
    const { error } = await admin.client.rpc('note_voucher_amount', { p_sale_id: saleId, p_amount: -1 });
    expect(error).toMatchObject({ code: 'P0001', hint: 'savia:invalid_amount' });
  });

  it('el miembro que pagó no la lee ni la cambia', async () => {
    const read = await member.client.rpc('get_voucher_note', { p_sale_id: saleId });
    expect(read.data).toBeNull();
    expect(read.error).toMatchObject({ code: 'P0001', hint: 'savia:forbidden' });
    const write = await member.client.rpc('note_voucher_amount', { p_sale_id: saleId, p_amount: 50 });
    expect(write.error).toMatchObject({ code: 'P0001', hint: 'savia:forbidden' });
    const [note] = await sql<{ amount: string }>('select amount from private.voucher_amount_notes where sale_id = $1', [saleId]);
    expect(note!.amount).toBe('45.50');
  });

  it('un visitante no llega a las funciones', async () => {
    const { error } = await anonClient().rpc('get_voucher_note', { p_sale_id: saleId });
    expect(error?.code).toBe('42501');
  });

  it('la tabla de notas no está expuesta por la API', async () => {
    const { error } = await admin.client
      .schema('private' as 'public')
      .from('voucher_amount_notes')
      .select('*');
    expect(error).not.toBeNull();
  });
});
