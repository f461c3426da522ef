// Pagos pays each request once: two staff members (or one double click, or «Marcar pagados» over a
// row someone else already paid) calling pay_payout through PostgREST at the same time leave one
// payment, one reference and the amount moved from reserved to paid once.
import { afterAll, describe, expect, it } from 'vitest';
import { apiAs, callAs, earnerWithBalance, enginePool, retireTestProducts, staff, tagOf } from './engine-support';
import { sql } from './support';

const pool = enginePool(10);
afterAll(async () => {
  await pool.end();
  await retireTestProducts();
});

/** A member with 60000.00 available (engine-support) asks for 25000.00 and 20000.00 (the demo's minimum is 20000.00); an admin approves both. */
async function approvedPayouts(tag: string, admin: string, superadmin: string) {
  const earner = await earnerWithBalance(pool, tag, admin, superadmin);
  const ids: string[] = [];
  for (const amount of [25_000, 20_000]) {
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
    expect(await balanceOf(clientId)).toEqual({ available: '15000.00', reserved: '45000.00', paid: '0.00' });

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
    expect(await balanceOf(clientId)).toEqual({ available: '15000.00', reserved: '20000.00', paid: '25000.00' });
    const [{ status }] = await sql<{ status: string }>('select status from public.payout_requests where id = $1', [second]);
    expect(status).toBe('approved');

    // Later, a batch that still lists the paid one: refused again, nothing moves.
    const again = await apis[0]!.rpc('pay_payout', { p_payout_id: first, p_reference: 'TRF-OTRA-VEZ' }).single();
    expect(again.error?.hint).toBe('savia:invalid_transition');
    expect(await balanceOf(clientId)).toEqual({ available: '15000.00', reserved: '20000.00', paid: '25000.00' });
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
