// Productos through PostgREST, as each persona: the cost and every margin reach only a superadmin with
// finance (an admin and a superadmin without it get the rows with those columns null, and no row of
// product_costs); a member and a visitor cannot call the screen's functions; what the form refuses
// (duplicate SKU, absurd price, base over price) the database refuses too, naming the field; a stock
// exit below zero is refused and a sold product cannot be deleted.
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, leafValues, sql } from './support';
import { memberPersona, staffPersona, type Persona } from './fixtures/personas';

const sku = `INT-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
const MONEY_COLUMNS = ['unit_cost', 'margin', 'plan_max_payout', 'margin_after_plan'] as const;

let admin: Persona;
let superadmin: Persona;
let finance: Persona;
let member: Persona;
let productId = '';

beforeAll(async () => {
  [admin, superadmin, finance, member] = await Promise.all([
    staffPersona('admin'),
    staffPersona('superadmin'),
    staffPersona('superadmin', true),
    memberPersona(),
  ]);
  const saved = await admin.client.rpc('save_product', {
    p_id: crypto.randomUUID(),
    p_sku: sku,
    p_name: 'Producto de integración',
    p_price: 20,
    p_commissionable_amount: 15,
    p_points: 10,
    p_initial_stock: 4,
  });
  expect(saved.error).toBeNull();
  productId = (saved.data as { id: string }).id;
  await sql('insert into public.product_costs (product_id, unit_cost) values ($1, 7.5)', [productId]);
});

describe('Productos por la API', () => {
  it('finanzas recibe costo y márgenes (el plan paga como mucho la base × la suma de las tasas del nivel más alto)', async () => {
    const [plan] = await sql<{ rate: string }>(
      `select sum(r)::text as rate from public.star_level_configs s, unnest(s.commission_rates) r where s.level = (select max(level) from public.star_level_configs)`,
    );
    const planMax = Math.round(15 * Number(plan!.rate) * 100) / 100;
    const { data, error } = await finance.client.rpc('list_products', { p_query: sku });
    expect(error).toBeNull();
    expect(data).toEqual([expect.objectContaining({ id: productId, unit_cost: 7.5, margin: 12.5, plan_max_payout: planMax, total: 1 })]);
    expect(data![0]!.margin_after_plan).toBeCloseTo(12.5 - planMax, 2);
    const costs = await finance.client.from('product_costs').select('unit_cost').eq('product_id', productId);
    expect(costs.data).toEqual([{ unit_cost: 7.5 }]);
  });

  for (const who of ['admin', 'superadmin sin finanzas'] as const) {
    it(`${who}: ninguna lectura le trae el costo`, async () => {
      const persona = who === 'admin' ? admin : superadmin;
      const list = await persona.client.rpc('list_products', { p_query: sku });
      expect(list.error).toBeNull();
      expect(list.data).toHaveLength(1);
      const one = await persona.client.rpc('get_product', { p_product_id: productId });
      expect(one.error).toBeNull();
      for (const row of [list.data![0]!, one.data as Record<string, unknown>]) {
        for (const column of MONEY_COLUMNS) expect(row[column]).toBeNull();
      }
      const costs = await persona.client.from('product_costs').select('unit_cost').eq('product_id', productId);
      expect(costs.error).toBeNull();
      expect(costs.data).toEqual([]);
      // No field of any answer carries the cost, under whatever name (its value, not a substring: a
      // timestamp such as 23:42:17.523 contains «7.5»).
      expect(leafValues([list.data, one.data, costs.data]).filter((v) => Number(v) === 7.5)).toEqual([]);
    });
  }

  it('un miembro y un visitante no llaman a nada de Productos', async () => {
    const calls = (client: Persona['client']) => [
      client.rpc('list_products', {}),
      client.rpc('get_product', { p_product_id: productId }),
      client.rpc('get_product_movements', { p_product_id: productId }),
      client.rpc('adjust_stock', { p_product_id: productId, p_direction: 'entrada', p_quantity: 5, p_reason: 'Regalo' }),
      client.rpc('set_product_active', { p_product_id: productId, p_active: false }),
      client.rpc('delete_product', { p_product_id: productId }),
    ];
    for (const answer of await Promise.all(calls(member.client))) {
      expect(answer.data).toBeNull();
      expect(answer.error).toMatchObject({ code: 'P0001', hint: 'savia:forbidden' });
    }
    for (const answer of await Promise.all(calls(anonClient()))) {
      expect(answer.data).toBeNull();
      expect(answer.error?.code).toBe('42501');
    }
    const [row] = await sql<{ stock: number; is_active: boolean }>('select stock, is_active from public.products where id = $1', [productId]);
    expect(row).toEqual({ stock: 4, is_active: true });
  });

  it('lo que el formulario rechaza, la base de datos también, con el campo en details', async () => {
    const base = { p_id: productId, p_sku: sku, p_name: 'Producto de integración', p_price: 20, p_commissionable_amount: 15, p_points: 10 };
    const cases = [
      [{ p_sku: 'MOR-500' }, 'savia:sku_taken', 'sku'],
      [{ p_price: 0 }, 'savia:invalid_price', 'price'],
      [{ p_price: 1e9 }, 'savia:invalid_price', 'price'],
      [{ p_commissionable_amount: 20.01 }, 'savia:invalid_price', 'commissionable_amount'],
      [{ p_points: -1 }, 'savia:invalid_points', 'points'],
      [{ p_sku: 'con espacio' }, 'savia:invalid_sku', 'sku'],
    ] as const;
    for (const [patch, hint, details] of cases) {
      const { error } = await admin.client.rpc('save_product', { ...base, ...patch });
      expect(error, JSON.stringify(patch)).toMatchObject({ code: 'P0001', hint, details });
    }
    const [row] = await sql<{ price: string; points: number }>('select price::text, points from public.products where id = $1', [productId]);
    expect(row).toEqual({ price: '20.00', points: 10 });
  });

  it('una salida mayor que el stock se rechaza; un ajuste queda en el historial con quién', async () => {
    const below = await admin.client.rpc('adjust_stock', { p_product_id: productId, p_direction: 'salida', p_quantity: 5, p_reason: 'Merma' });
    expect(below.error).toMatchObject({ code: 'P0001', hint: 'savia:insufficient_stock', details: 'quantity' });
    const out = await admin.client.rpc('adjust_stock', { p_product_id: productId, p_direction: 'salida', p_quantity: 4, p_reason: 'Merma' });
    expect(out.error).toBeNull();
    expect(out.data).toMatchObject({ stock: 0 });
    const history = await admin.client.rpc('get_product_movements', { p_product_id: productId });
    expect(history.data).toEqual([
      expect.objectContaining({ kind: 'adjustment', quantity: -4, stock_after: 0, note: 'Merma', actor_name: admin.email, total: 2 }),
      expect.objectContaining({ kind: 'initial', quantity: 4, stock_after: 4, total: 2 }),
    ]);
  });

  it('un producto vendido no se borra: la base de datos pide desactivarlo', async () => {
    const [sold] = await sql<{ id: string; name: string }>(
      `select p.id, p.name from public.products p where exists (select 1 from public.sale_items si where si.product_id = p.id) limit 1`,
    );
    const { error } = await admin.client.rpc('delete_product', { p_product_id: sold!.id });
    expect(error).toMatchObject({
      code: 'P0001',
      hint: 'savia:product_in_use',
      message: `«${sold!.name}» ya se vendió y no se puede borrar: desactívalo para que deje de ofrecerse.`,
    });
    // Products are written only through Productos' functions (issue 23 §4): no delete by the table.
    const direct = await admin.client.from('products').delete().eq('id', sold!.id);
    expect(direct.error).toMatchObject({ code: '42501' });
  });
});
