// Proveedores through PostgREST, as each persona: only a superadmin reads suppliers, what they supply
// and the restocks; the unit cost of a restock reaches finance only (a superadmin without finance gets
// null from get_restocks and a refusal from the table's column); the form's refusals name their field.
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, leafValues, sql } from './support';
import { memberPersona, staffPersona, type Persona } from './fixtures/personas';

let superadmin: Persona;
let finance: Persona;
let admin: Persona;
let member: Persona;
let sinRol: Persona;
let supplierId = '';
let productId = '';
let restockId = 0;

beforeAll(async () => {
  superadmin = await staffPersona('superadmin');
  finance = await staffPersona('superadmin', true);
  admin = await staffPersona('admin');
  member = await memberPersona();
  // An account whose role was taken away: it signs in, and has no role.
  sinRol = await staffPersona('admin');
  await sql('delete from public.users_roles where user_id = $1', [sinRol.userId]);

  const tag = crypto.randomUUID().slice(0, 8);
  [{ id: supplierId }] = await sql<{ id: string }>(`insert into public.suppliers (name) values ($1) returning id`, [`Proveedor API ${tag}`]);
  [{ id: productId }] = await sql<{ id: string }>(`insert into public.products (sku, name, price, points, stock) values ($1, $2, 10, 10, 1) returning id`, [
    `API-${tag}`,
    `Producto API ${tag}`,
  ]);
  await sql('insert into public.supplier_products (supplier_id, product_id) values ($1, $2)', [supplierId, productId]);
  const restock = await superadmin.client.rpc('register_restock', {
    p_supplier_id: supplierId,
    p_lines: [{ product_id: productId, quantity: 4, unit_cost: 2.35 }],
    p_note: 'Por la API',
  });
  expect(restock.error).toBeNull();
  restockId = (restock.data as { restock_id: number }).restock_id;
});

describe('Proveedores por la API', () => {
  it('admin, miembro y una cuenta sin rol no ven proveedores, lo que surten ni reposiciones', async () => {
    for (const persona of [admin, member, sinRol]) {
      const suppliers = await persona.client.from('suppliers').select('id').eq('id', supplierId);
      const links = await persona.client.from('supplier_products').select('product_id').eq('supplier_id', supplierId);
      const restocks = await persona.client.from('restocks').select('id').eq('id', restockId);
      const lines = await persona.client.from('restock_lines').select('restock_id, quantity').eq('restock_id', restockId);
      for (const answer of [suppliers, links, restocks, lines]) {
        expect(answer.error).toBeNull();
        expect(answer.data).toEqual([]);
      }
    }
  });

  it('y las funciones de Proveedores los rechazan, sin nada escrito', async () => {
    for (const persona of [admin, member, sinRol]) {
      const answers = [
        await persona.client.rpc('search_suppliers', {}),
        await persona.client.rpc('get_restocks', { p_supplier_id: supplierId }),
        await persona.client.rpc('get_restock_suggestions'),
        await persona.client.rpc('register_restock', { p_supplier_id: supplierId, p_lines: [{ product_id: productId, quantity: 1, unit_cost: 1 }] }),
        await persona.client.rpc('save_supplier', {
          p_id: supplierId,
          p_name: 'Tomado',
          p_tax_id: '',
          p_contact_name: '',
          p_email: '',
          p_phone: '',
          p_notes: '',
          p_is_active: true,
          p_product_ids: [],
        }),
      ];
      for (const answer of answers) {
        expect(answer.data).toBeNull();
        expect(answer.error).toMatchObject({ code: '42501', hint: 'savia:forbidden' });
        expect(leafValues(answer).filter((v) => Number(v) === 2.35)).toEqual([]);
      }
    }
    const [row] = await sql<{ stock: number; name: string }>(
      'select p.stock, s.name from public.products p, public.suppliers s where p.id = $1 and s.id = $2',
      [productId, supplierId],
    );
    expect(row!.stock).toBe(5);
    expect(row!.name).toMatch(/^Proveedor API/);
  });

  it('un superadmin sin finanzas lee la reposición sin costos, y la columna del costo le es negada', async () => {
    const { data, error } = await superadmin.client.rpc('get_restocks', { p_supplier_id: supplierId });
    expect(error).toBeNull();
    expect(data).toEqual([
      expect.objectContaining({
        id: restockId,
        units: 4,
        total_cost: null,
        total: 1,
        lines: [expect.objectContaining({ product_id: productId, quantity: 4, unit_cost: null, stock_before: 1, stock_after: 5 })],
      }),
    ]);
    expect(leafValues(data).filter((v) => Number(v) === 2.35 || Number(v) === 9.4)).toEqual([]);
    const cost = await superadmin.client.from('restock_lines').select('unit_cost').eq('restock_id', restockId);
    expect(cost.error).toMatchObject({ code: '42501' });
    const rest = await superadmin.client.from('restock_lines').select('restock_id, quantity').eq('restock_id', restockId);
    expect(rest.data).toEqual([{ restock_id: restockId, quantity: 4 }]);
    const last = await superadmin.client.from('product_costs').select('unit_cost').eq('product_id', productId);
    expect(last.data).toEqual([]);
  });

  it('finanzas lee el costo: 4 × 2.35 = 9.40, y el último costo del producto', async () => {
    const { data, error } = await finance.client.rpc('get_restocks', { p_supplier_id: supplierId });
    expect(error).toBeNull();
    expect(data?.[0]).toMatchObject({ total_cost: 9.4, lines: [expect.objectContaining({ unit_cost: 2.35 })] });
    const last = await finance.client.from('product_costs').select('unit_cost, supplier_id').eq('product_id', productId);
    expect(last.data).toEqual([{ unit_cost: 2.35, supplier_id: supplierId }]);
  });

  it('las negativas nombran su campo o su línea (el formulario las pone ahí), y uno con reposiciones no se elimina', async () => {
    const form = { p_tax_id: '', p_contact_name: '', p_phone: '', p_notes: '', p_is_active: true, p_product_ids: [] };
    const email = await superadmin.client.rpc('save_supplier', { ...form, p_id: null as unknown as string, p_name: 'Correo Malo', p_email: 'ventas@' });
    expect(email.error).toMatchObject({ code: 'P0001', hint: 'savia:invalid_email', details: 'email' });
    const [{ name }] = await sql<{ name: string }>('select name from public.suppliers where id = $1', [supplierId]);
    const duplicate = await superadmin.client.rpc('save_supplier', { ...form, p_id: null as unknown as string, p_name: name.toUpperCase(), p_email: '' });
    expect(duplicate.error).toMatchObject({ code: 'P0001', hint: 'savia:duplicate_supplier', details: 'name' });
    const zero = await superadmin.client.rpc('register_restock', {
      p_supplier_id: supplierId,
      p_lines: [{ product_id: productId, quantity: 0, unit_cost: 1 }],
    });
    expect(zero.error).toMatchObject({ code: 'P0001', hint: 'savia:invalid_quantity', details: '1' });
    const removed = await superadmin.client.from('suppliers').delete().eq('id', supplierId).select('id');
    expect(removed.error).toMatchObject({ code: 'P0001', hint: 'savia:supplier_in_use' });
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from public.suppliers where name in ('Correo Malo', $1)`, [name.toUpperCase()]);
    expect(n).toBe(0);
  });

  it('un visitante sin sesión no puede llamarlas', async () => {
    const { error } = await anonClient().rpc('get_restocks', {});
    expect(error?.code).toBe('42501');
  });
});
