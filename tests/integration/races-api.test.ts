// Issue 23 §6: every function that moves stock or money, 30 calls at once through PostgREST with the
// persona's own token, as 30 browsers (or one impatient double-click per person) would send them.
// Whatever the outcome, no answer is a 5xx (a deadlock or a statement timeout is a 500): each call
// either does its work or is refused with a Spanish sentence, and the totals read back in the
// database are exactly those of the calls that succeeded.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, closeMonthAt, enginePool, payoutAccount } from './engine-support';
import { memberPersona, staffPersona, type Persona } from './fixtures/personas';
import { freeMonth, sql } from './support';

const CALLS = 30;
const pool = enginePool(10);

type Answer = { data: unknown; error: { code?: string; hint?: string; message: string } | null; status: number };

let superadmin: Persona;
let admins: Persona[];
let buyer: Persona & { clientId: string };

beforeAll(async () => {
  [superadmin, ...admins] = await Promise.all([staffPersona('superadmin'), staffPersona('admin'), staffPersona('admin'), staffPersona('admin')]);
  buyer = await memberPersona();
});
afterAll(async () => {
  await pool.end();
  await sql(`update public.products set is_active = false where sku like 'CARRERA-%' and is_active`);
});

const tag = () => crypto.randomUUID().slice(0, 8);

/** Fires all calls at once and waits for every answer. */
const fire = (n: number, call: (i: number) => PromiseLike<Answer>) => Promise.all(Array.from({ length: n }, (_, i) => call(i)));

/** No 5xx, and every refusal is one of the database's own Spanish sentences with a stable code. */
function expectNoServerErrors(answers: Answer[], allowed: string[] = []) {
  const broken = answers.filter((a) => a.status >= 500).map((a) => `${a.status} ${a.error?.code ?? ''} ${a.error?.message ?? ''}`);
  expect(broken, 'ninguna respuesta 5xx').toEqual([]);
  for (const a of answers.filter((x) => x.error)) {
    expect(a.error?.hint ?? '', a.error?.message).toMatch(new RegExp(`^savia:(${[...allowed, 'busy'].join('|')})$`));
    expect(a.error?.message).toMatch(/[áéíóúñ]|\.$/);
  }
  return { won: answers.filter((a) => !a.error), lost: answers.filter((a) => a.error) };
}

async function newProduct(stock: number, price = 10, points = 10) {
  const t = tag();
  const [row] = await sql<{ id: string }>(
    `insert into public.products (sku, name, price, commissionable_amount, points, stock) values ($1, $2, $3, $3, $5, $4) returning id`,
    [`CARRERA-${t}`, `Producto de carrera ${t}`, price, stock, points],
  );
  return row!.id;
}
async function newSupplier() {
  const [row] = await sql<{ id: string }>(`insert into public.suppliers (name) values ($1) returning id`, [`Proveedor de carrera ${tag()}`]);
  return row!.id;
}
const stockOf = async (productId: string) => {
  const [row] = await sql<{ stock: number; moved: number }>(
    `select p.stock, (select coalesce(sum(m.quantity), 0)::int from public.stock_movements m where m.product_id = p.id) as moved
       from public.products p where p.id = $1`,
    [productId],
  );
  // products.stock is always the sum of its movements.
  expect(row!.stock).toBe(row!.moved);
  return row!.stock;
};

/** Pending orders of `buyer`, one unit each, placed one after another through the API. */
async function pendingOrders(client: SupabaseClient, productId: string, n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const placed = await client
      .rpc('place_order', { p_items: [{ product_id: productId, quantity: 1 }], p_payment_method: 'efectivo' })
      .single<{ id: string }>();
    expect(placed.error).toBeNull();
    ids.push(placed.data!.id);
  }
  return ids;
}

describe('30 llamadas simultáneas por la API a lo que mueve stock', () => {
  it('register_restock sobre un mismo producto: las 30 entran, ninguna 5xx, y el stock sube 30', async () => {
    const [productId, supplierId] = await Promise.all([newProduct(5), newSupplier()]);
    const answers = await fire(CALLS, () =>
      superadmin.client.rpc('register_restock', { p_supplier_id: supplierId, p_lines: [{ product_id: productId, quantity: 1, unit_cost: 3 }] }),
    );
    const { won } = expectNoServerErrors(answers);
    expect(await stockOf(productId)).toBe(5 + won.length);
    const [{ count }] = await sql<{ count: number }>('select count(*)::int as count from public.restock_lines where product_id = $1', [productId]);
    expect(count).toBe(won.length);
    expect(won.length).toBeGreaterThanOrEqual(CALLS - 3);
  });

  it('reposiciones cruzadas de dos productos en órdenes opuestos y ajustes a la vez: ningún interbloqueo', async () => {
    const [a, b, supplierId] = await Promise.all([newProduct(50), newProduct(50), newSupplier()]);
    const answers = await fire(CALLS, (i) => {
      if (i % 3 === 2)
        return admins[i % admins.length]!.client.rpc('adjust_stock', {
          p_product_id: i % 2 ? a : b,
          p_direction: 'salida',
          p_quantity: 1,
          p_reason: 'Conteo físico',
        });
      const lines = [
        { product_id: a, quantity: 2, unit_cost: 3 },
        { product_id: b, quantity: 2, unit_cost: 3 },
      ];
      return superadmin.client.rpc('register_restock', { p_supplier_id: supplierId, p_lines: i % 2 ? lines : lines.reverse() });
    });
    const { won } = expectNoServerErrors(answers);
    const restocks = answers.filter((_, i) => i % 3 !== 2 && !answers[i]!.error).length;
    const adjustedA = answers.filter((x, i) => i % 3 === 2 && i % 2 === 1 && !x.error).length;
    const adjustedB = answers.filter((x, i) => i % 3 === 2 && i % 2 === 0 && !x.error).length;
    expect(await stockOf(a)).toBe(50 + 2 * restocks - adjustedA);
    expect(await stockOf(b)).toBe(50 + 2 * restocks - adjustedB);
    expect(won.length).toBeGreaterThanOrEqual(CALLS - 3);
  });

  it('adjust_stock: 30 salidas de 1 con 12 en stock dejan 0, y las 18 de más se rechazan por stock', async () => {
    const productId = await newProduct(12);
    const answers = await fire(CALLS, (i) =>
      admins[i % admins.length]!.client.rpc('adjust_stock', { p_product_id: productId, p_direction: 'salida', p_quantity: 1, p_reason: 'Merma' }),
    );
    const { won, lost } = expectNoServerErrors(answers, ['insufficient_stock']);
    expect(await stockOf(productId)).toBe(12 - won.length);
    expect(lost.filter((a) => a.error?.hint === 'savia:insufficient_stock').length).toBe(CALLS - 12);
  });

  it('una espera más larga que la de la función responde 409 savia:busy en español, sin nada escrito', async () => {
    const productId = await newProduct(8);
    // Someone holds the product (a long operator transaction, say) longer than the function waits.
    const holder = await pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from public.products where id = $1 for update', [productId]);
      const started = Date.now();
      const answer = (await admins[0]!.client.rpc('adjust_stock', {
        p_product_id: productId,
        p_direction: 'entrada',
        p_quantity: 1,
        p_reason: 'Conteo físico',
      })) as Answer;
      expect(Date.now() - started).toBeLessThan(8000);
      expect(answer.status).toBe(409);
      expect(answer.error).toMatchObject({
        code: 'PT409',
        hint: 'savia:busy',
        message: 'Otra operación está cambiando los mismos datos en este momento; no se guardó nada. Inténtalo de nuevo en unos segundos.',
      });
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    expect(await stockOf(productId)).toBe(8);
  });

  it('create_direct_sale: 30 ventas directas con stock para 20 venden 20, sin 5xx', async () => {
    const productId = await newProduct(20);
    const answers = await fire(CALLS, (i) =>
      admins[i % admins.length]!.client.rpc('create_direct_sale', { p_client_id: buyer.clientId, p_items: [{ product_id: productId, quantity: 1 }] }),
    );
    const { won } = expectNoServerErrors(answers, ['insufficient_stock']);
    expect(won.length).toBe(20);
    expect(await stockOf(productId)).toBe(0);
  });
});

describe('30 llamadas simultáneas por la API a lo que mueve dinero', () => {
  it('approve_sale: 30 pedidos de un producto con stock para 20, aprobados a la vez por tres personas', async () => {
    const productId = await newProduct(30);
    const orders = await pendingOrders(buyer.client, productId, CALLS);
    // Stock for 20 of the 30, taken out the way staff would (stock is the sum of its movements).
    expect(
      (await superadmin.client.rpc('adjust_stock', { p_product_id: productId, p_direction: 'salida', p_quantity: 10, p_reason: 'Reserva para feria' })).error,
    ).toBeNull();
    const answers = await fire(CALLS, (i) => admins[i % admins.length]!.client.rpc('approve_sale', { p_sale_id: orders[i] }));
    const { won } = expectNoServerErrors(answers, ['insufficient_stock']);
    expect(won.length).toBe(20);
    expect(await stockOf(productId)).toBe(0);
    const [{ paid, points }] = await sql<{ paid: number; points: number }>(
      `select count(*) filter (where s.status = 'Pagada')::int as paid,
              (select count(*)::int from public.reward_transactions r where r.source_sale_id = any ($1::uuid[]) and r.type = 'points_purchase') as points
         from public.sales s where s.id = any ($1::uuid[])`,
      [orders],
    );
    expect({ paid, points }).toEqual({ paid: 20, points: 20 });
    expect(await sql('select * from private.engine_invariant_violations()')).toEqual([]);
  });

  it('cancel_sale: 30 ventas pagadas de un producto canceladas a la vez devuelven las 30 unidades, cada asiento una vez', async () => {
    const productId = await newProduct(40);
    const orders = await pendingOrders(buyer.client, productId, CALLS);
    for (const id of orders) expect((await admins[0]!.client.rpc('approve_sale', { p_sale_id: id })).error).toBeNull();
    expect(await stockOf(productId)).toBe(10);
    const answers = await fire(CALLS, (i) => admins[i % admins.length]!.client.rpc('cancel_sale', { p_sale_id: orders[i], p_reason: 'Devolución en tienda' }));
    const { won } = expectNoServerErrors(answers);
    expect(await stockOf(productId)).toBe(10 + won.length);
    const [{ reversals }] = await sql<{ reversals: number }>(
      `select count(*)::int as reversals from public.reward_transactions r where r.source_sale_id = any ($1::uuid[]) and r.reverses_id is not null`,
      [orders],
    );
    expect(reversals).toBe(won.length);
    expect(won.length).toBeGreaterThanOrEqual(CALLS - 3);
    expect(await sql('select * from private.engine_invariant_violations()')).toEqual([]);
  });

  it('aprobaciones, cancelaciones, reposiciones y ajustes del mismo producto a la vez: ninguna 5xx, stock exacto', async () => {
    const [productId, supplierId] = await Promise.all([newProduct(100), newSupplier()]);
    const toApprove = await pendingOrders(buyer.client, productId, 10);
    const toCancel = await pendingOrders(buyer.client, productId, 10);
    for (const id of toCancel) expect((await admins[0]!.client.rpc('approve_sale', { p_sale_id: id })).error).toBeNull();
    const before = await stockOf(productId);
    const answers = await fire(CALLS, (i) => {
      const who = admins[i % admins.length]!.client;
      if (i < 10) return who.rpc('approve_sale', { p_sale_id: toApprove[i] });
      if (i < 20) return who.rpc('cancel_sale', { p_sale_id: toCancel[i - 10], p_reason: 'Devolución' });
      if (i < 25)
        return superadmin.client.rpc('register_restock', { p_supplier_id: supplierId, p_lines: [{ product_id: productId, quantity: 3, unit_cost: 1 }] });
      return who.rpc('adjust_stock', { p_product_id: productId, p_direction: 'entrada', p_quantity: 1, p_reason: 'Conteo físico' });
    });
    expectNoServerErrors(answers);
    const ok = (from: number, to: number) => answers.slice(from, to).filter((a) => !a.error).length;
    expect(await stockOf(productId)).toBe(before - ok(0, 10) + ok(10, 20) + 3 * ok(20, 25) + ok(25, 30));
    expect(await sql('select * from private.engine_invariant_violations()')).toEqual([]);
  });
});

describe('30 llamadas simultáneas por la API a los retiros', () => {
  /** A member with 60000.00 available (pesos, as the demo's): her recruit's 6 × 100000.00 pay her 10 % in a past month of its own, closed. */
  async function earnerWithBalance() {
    const earner = await memberPersona();
    await payoutAccount(earner.clientId); // a payout goes to the member's saved account
    const recruit = await memberPersona(earner.clientId);
    const productId = await newProduct(20, 100_000, 100);
    const month = await freeMonth(1700, 600);
    const during = `${month.slice(0, 8)}15 12:00:00-05`;
    for (const [who, quantity] of [
      [recruit.userId, 6],
      [earner.userId, 1],
    ] as const) {
      const placed = await callAs<{ id: string }>(
        pool,
        who,
        `select (public.place_order($1::jsonb)).id`,
        [JSON.stringify([{ product_id: productId, quantity }])],
        during,
      );
      if (!placed.ok) throw new Error(placed.message);
      const approved = await callAs(pool, admins[0]!.userId, 'select public.approve_sale($1)', [placed.value.id], during);
      if (!approved.ok) throw new Error(approved.message);
    }
    const next = new Date(`${month}T12:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    await closeMonthAt(pool, month, `${next.toISOString().slice(0, 10)} 12:00:00-05`, superadmin.userId);
    await sql('select private.refresh_all_activity()');
    return earner;
  }
  const balanceOf = async (clientId: string) =>
    (await sql<{ available: string; reserved: string; paid: string }>('select available, reserved, paid from private.balance_of($1)', [clientId]))[0];

  it('request_payout: 30 solicitudes de 20000.00 contra 60000.00 disponibles dejan exactamente 3', async () => {
    const earner = await earnerWithBalance();
    const answers = await fire(CALLS, () => earner.client.rpc('request_payout', { p_amount: 20_000 }));
    const { won } = expectNoServerErrors(answers, ['above_balance']);
    expect(won.length).toBe(3);
    expect(await balanceOf(earner.clientId)).toEqual({ available: '0.00', reserved: '60000.00', paid: '0.00' });
  });

  it('approve_payout, pay_payout y reject_payout: 30 a la vez sobre las mismas solicitudes mueven cada una una sola vez', async () => {
    const earner = await earnerWithBalance();
    const ids: string[] = [];
    for (const amount of [20_000, 20_000, 20_000]) {
      const requested = await earner.client.rpc('request_payout', { p_amount: amount }).single<{ id: string }>();
      expect(requested.error).toBeNull();
      ids.push(requested.data!.id);
    }
    const [first, second, third] = ids as [string, string, string];
    // Approvals of the first two, rejections of the third, all at once.
    const decided = await fire(CALLS, (i) => {
      const who = admins[i % admins.length]!.client;
      if (i % 3 === 2) return who.rpc('reject_payout', { p_payout_id: third, p_reason: 'Cuenta no coincide' });
      return who.rpc('approve_payout', { p_payout_id: i % 3 ? second : first });
    });
    const { won: decisions } = expectNoServerErrors(decided, ['invalid_transition']);
    expect(decisions.length).toBe(3);
    // Then each approved one paid by everyone at once.
    const paid = await fire(CALLS, (i) =>
      admins[i % admins.length]!.client.rpc('pay_payout', { p_payout_id: i % 2 ? first : second, p_reference: `TRF-${i}` }),
    );
    const { won: payments } = expectNoServerErrors(paid, ['invalid_transition']);
    expect(payments.length).toBe(2);
    expect(await balanceOf(earner.clientId)).toEqual({ available: '20000.00', reserved: '0.00', paid: '40000.00' });
    expect(await sql('select * from private.engine_invariant_violations()')).toEqual([]);
  });
});
