// Pagos pays each request once: two staff members (or one double click, or «Marcar pagados» over a
// row someone else already paid) calling pay_payout through PostgREST at the same time leave one
// payment, one reference and the amount moved from reserved to paid once.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
// @ts-expect-error plain ESM module without types
import { signJwt } from '../../scripts/lib/jwt.mjs';
import { callAs, closeMonthAt, enginePool, member, payoutAccount, product, retireTestProducts, staff, tagOf } from './engine-support';
import { cfg, sql } from './support';

const pool = enginePool(10);
afterAll(async () => {
  await pool.end();
  await retireTestProducts();
});

async function apiAs(userId: string): Promise<SupabaseClient> {
  const now = Math.floor(Date.now() / 1000);
  const token: string = await signJwt({ sub: userId, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 600 }, cfg.jwtSecret);
  return createClient(cfg.apiUrl, cfg.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
    realtime: { transport: WebSocket as never },
  });
}

/**
 * A member with 60.00 available, made by the engine in a past month of its own (reruns never meet
 * a closed one): her recruit buys 6 × 100.00 (10 % to her), she buys one to stay active, the close
 * makes it available. Then she asks for 25.00 and 20.00 (the demo's minimum is 20.00), and an admin approves both.
 */
async function approvedPayouts(tag: string, admin: string, superadmin: string) {
  const earner = await member(tag, 'Cobradora', null);
  await payoutAccount(earner.id);
  const buyer = await member(tag, 'Compradora', earner.id);
  const productId = await product(tag, 100, 100, 20);
  const [{ month }] = await sql<{ month: string }>(
    `select to_char(date_trunc('month', now() at time zone 'America/Bogota') - make_interval(months => $1), 'YYYY-MM-DD') as month`,
    [1000 + Math.floor(Math.random() * 600)],
  );
  const during = `${month.slice(0, 8)}15 12:00:00-05`;
  const order = async (userId: string, quantity: number) => {
    const placed = await callAs<{ id: string }>(
      pool,
      userId,
      `select (public.place_order($1::jsonb)).id`,
      [JSON.stringify([{ product_id: productId, quantity }])],
      during,
    );
    if (!placed.ok) throw new Error(placed.message);
    const approved = await callAs(pool, admin, 'select public.approve_sale($1)', [placed.value.id], during);
    if (!approved.ok) throw new Error(approved.message);
  };
  await order(buyer.userId, 6);
  await order(earner.userId, 1);
  const next = new Date(`${month}T12:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  await closeMonthAt(pool, month, `${next.toISOString().slice(0, 10)} 12:00:00-05`, superadmin);
  // The close brought activity to its own clock's month; everyone back on the real one.
  await sql('select private.refresh_all_activity()');

  const ids: string[] = [];
  for (const amount of [25, 20]) {
    const requested = await callAs<{ id: string }>(pool, earner.userId, 'select (public.request_payout($1, $2)).id', [amount, 'Banco Uno, ahorros 1']);
    if (!requested.ok) throw new Error(requested.message);
    const approved = await callAs(pool, admin, 'select public.approve_payout($1)', [requested.value.id]);
    if (!approved.ok) throw new Error(approved.message);
    ids.push(requested.value.id);
  }
  return { clientId: earner.id, earnerUserId: earner.userId, first: ids[0]!, second: ids[1]! };
}

const balanceOf = async (clientId: string) =>
  (await sql<{ available: string; reserved: string; paid: string }>('select available, reserved, paid from private.balance_of($1)', [clientId]))[0];

describe('marcar pagado por la API', () => {
  it('dos administradores pagan la misma solicitud a la vez: un solo pago, con una sola referencia', async () => {
    const tag = tagOf();
    const [laura, sofia, superadmin] = await Promise.all([staff(`${tag}a`), staff(`${tag}b`), staff(tag, 'superadmin')]);
    const { clientId, first, second } = await approvedPayouts(tag, laura, superadmin);
    expect(await balanceOf(clientId)).toEqual({ available: '15.00', reserved: '45.00', paid: '0.00' });

    // Each clicks three times: six calls through PostgREST at once, each with its own reference.
    const apis = [await apiAs(laura), await apiAs(sofia)];
    const calls = Array.from({ length: 6 }, (_, i) => ({ reference: `TRF-${tag}-${i}`, api: apis[i % 2]! }));
    const results = await Promise.all(calls.map(({ api, reference }) => api.rpc('pay_payout', { p_payout_id: first, p_reference: reference }).single()));

    const won = results.flatMap((r, i) => (r.error ? [] : [calls[i]!.reference]));
    expect(won).toHaveLength(1);
    for (const refused of results.filter((r) => r.error)) {
      expect(refused.error).toMatchObject({
        code: 'P0001',
        hint: 'savia:invalid_transition',
        message: 'La solicitud de cobro está pagada: solo se paga una aprobada.',
      });
    }
    const [row] = await sql<{ status: string; payment_reference: string }>('select status, payment_reference from public.payout_requests where id = $1', [
      first,
    ]);
    expect(row).toEqual({ status: 'paid', payment_reference: won[0] });
    // 25.00 moved from reserved to paid once; the other request is still approved and reserved.
    expect(await balanceOf(clientId)).toEqual({ available: '15.00', reserved: '20.00', paid: '25.00' });
    const [{ status }] = await sql<{ status: string }>('select status from public.payout_requests where id = $1', [second]);
    expect(status).toBe('approved');

    // Later, a batch that still lists the paid one: refused again, nothing moves.
    const again = await apis[0]!.rpc('pay_payout', { p_payout_id: first, p_reference: 'TRF-OTRA-VEZ' }).single();
    expect(again.error?.hint).toBe('savia:invalid_transition');
    expect(await balanceOf(clientId)).toEqual({ available: '15.00', reserved: '20.00', paid: '25.00' });
    const invariants = await sql('select * from private.engine_invariant_violations()');
    expect(invariants).toEqual([]);
  });

  it('un miembro no marca pagada su propia solicitud', async () => {
    const tag = tagOf();
    const [laura, superadmin] = await Promise.all([staff(tag), staff(tag, 'superadmin')]);
    const { earnerUserId, first } = await approvedPayouts(tag, laura, superadmin);
    const refused = await (await apiAs(earnerUserId)).rpc('pay_payout', { p_payout_id: first, p_reference: 'YO-MISMA' }).single();
    expect(refused.error).toMatchObject({ code: 'P0001', hint: 'savia:forbidden' });
    const [{ status }] = await sql<{ status: string }>('select status from public.payout_requests where id = $1', [first]);
    expect(status).toBe('approved');
  });
});
