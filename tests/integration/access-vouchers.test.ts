// A payment voucher named in an order or an enrolment must be a file inside the caller's own folder of
// payment-vouchers, whatever the path says on its way there.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from './support';
import { product, retireTestProducts, tagOf } from './engine-support';
import { memberPersona, registeredMember, type Persona } from './fixtures/personas';
import { unique } from './fixtures/auth-helpers';

let me: Persona & { clientId: string };
let other: { id: string };
let items: { product_id: string; quantity: number }[];
let kitId: string;
// A 1×1 transparent PNG: the smallest real image.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
beforeAll(async () => {
  me = await memberPersona();
  other = await registeredMember();
  items = [{ product_id: await product(tagOf(), 10, 10, 50), quantity: 1 }];
  [{ id: kitId }] = await sql<{ id: string }>(
    `insert into public.products (sku, name, price, points, stock, is_kit) values ($1, 'Kit de carrera de prueba', 50, 50, 10, true) returning id`,
    [`T-KIT-${tagOf()}`],
  );
});
afterAll(async () => {
  await sql('update public.products set is_active = false where id = $1', [kitId]);
  await retireTestProducts();
});

describe('la ruta del comprobante', () => {
  it('un pedido con el comprobante subido a la carpeta propia se acepta, con la huella del archivo', async () => {
    const path = `${me.clientId}/pago-1.png`;
    const upload = await me.client.storage.from('payment-vouchers').upload(path, PNG, { contentType: 'image/png' });
    expect(upload.error).toBeNull();
    const { data, error } = await me.client.rpc('place_order', { p_items: items, p_voucher_path: path });
    expect(error).toBeNull();
    expect(data.voucher_path).toBe(path);
    const [sale] = await sql<{ voucher_hash: string }>('select voucher_hash from public.sales where id = $1', [data.id]);
    expect(sale.voucher_hash).toBe(`"${createHash('md5').update(PNG).digest('hex')}"`);
  });

  it('un comprobante que no se subió se rechaza: la venta no apunta a un archivo que no existe', async () => {
    const { data, error } = await me.client.rpc('place_order', { p_items: items, p_voucher_path: `${me.clientId}/nunca-subido.png` });
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: 'P0001', hint: 'savia:invalid_voucher', message: 'No encontramos el comprobante que adjuntaste; vuelve a subirlo.' });
  });

  it.each([
    ['sale de la carpeta con ..', () => `${me.clientId}/../${other.id}/v.png`],
    ['un segmento .', () => `${me.clientId}/./v.png`],
    ['un segmento vacío', () => `${me.clientId}//v.png`],
    ['termina en barra', () => `${me.clientId}/`],
    ['es solo la carpeta', () => me.clientId],
    ['empieza con barra', () => `/${me.clientId}/v.png`],
    ['la carpeta de otro', () => `${other.id}/v.png`],
    ['una barra invertida', () => `${me.clientId}/..\\${other.id}\\v.png`],
    ['sale con .. codificado', () => `${me.clientId}/%2E%2e/${other.id}/v.png`],
  ])('un pedido cuyo comprobante %s se rechaza', async (_label, path) => {
    const { data, error } = await me.client.rpc('place_order', { p_items: items, p_voucher_path: path() });
    expect(data).toBeNull();
    expect(error).toMatchObject({
      code: 'P0001',
      hint: 'savia:invalid_voucher',
      message: 'El comprobante debe ser un archivo dentro de tu carpeta de comprobantes de pago.',
    });
  });

  it('un enrolamiento con el comprobante fuera de la carpeta propia se rechaza, y no crea a nadie', async () => {
    const email = unique('enrolada');
    const { error } = await me.client.rpc('enrol_member', {
      p_name: 'Persona Enrolada',
      p_email: email,
      p_kit_id: kitId,
      p_voucher_path: `${me.clientId}/../${other.id}/v.png`,
    });
    expect(error).toMatchObject({ code: 'P0001', hint: 'savia:invalid_voucher' });
    expect(await sql('select 1 from public.clients where email = $1', [email])).toHaveLength(0);
  });
});
