// Mis Pedidos reads a sale's lines by name through get_sale_lines, as the browser does: the buyer
// and staff read them (a product withdrawn since keeps its name), another member and anonymous
// callers do not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, sql } from './support';
import { product, retireTestProducts, tagOf } from './engine-support';
import { memberPersona, staffPersona, type Persona } from './fixtures/personas';

let buyer: Persona & { clientId: string };
let other: Persona & { clientId: string };
let staff: Persona;
let productId: string;
let saleId: string;

beforeAll(async () => {
  [buyer, other, staff] = await Promise.all([memberPersona(), memberPersona(), staffPersona('admin')]);
  productId = await product(tagOf(), 12.5, 7, 40);
  const { data, error } = await buyer.client.rpc('place_order', { p_items: [{ product_id: productId, quantity: 3 }] });
  expect(error).toBeNull();
  saleId = data.id;
  // Withdrawn after the order: the buyer's catalogue no longer shows it.
  await sql('update public.products set is_active = false where id = $1', [productId]);
});
afterAll(() => retireTestProducts());

describe('las líneas de un pedido (get_sale_lines)', () => {
  it('el comprador las lee por nombre aunque el producto ya no esté a la venta', async () => {
    const catalogue = await buyer.client.from('products').select('id').eq('id', productId);
    expect(catalogue.data).toEqual([]);
    const { data, error } = await buyer.client.rpc('get_sale_lines', { p_sale_id: saleId });
    expect(error).toBeNull();
    expect(data).toEqual([
      expect.objectContaining({
        product_id: productId,
        quantity: 3,
        unit_price: 12.5,
        unit_points: 7,
        line_total: 37.5,
        line_points: 21,
        is_active: false,
        is_kit: false,
        stock: 40,
      }),
    ]);
    expect(data[0].name).toMatch(/^Producto de carrera /);
  });

  it('otro miembro recibe «La venta no existe.», como si no existiera', async () => {
    const { data, error } = await other.client.rpc('get_sale_lines', { p_sale_id: saleId });
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: 'P0001', hint: 'savia:sale_not_found', message: 'La venta no existe.' });
  });

  it('el personal las lee', async () => {
    const { data, error } = await staff.client.rpc('get_sale_lines', { p_sale_id: saleId });
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
  });

  it('sin sesión no se puede llamar', async () => {
    const { data, error } = await anonClient().rpc('get_sale_lines', { p_sale_id: saleId });
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
  });
});
