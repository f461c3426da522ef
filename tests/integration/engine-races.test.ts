// The engine under real concurrency: many connections at once, each as PostgREST would run it.
// DESIGN.md §9: an approval locks the sale; a payout request locks the member's balance row.
import { afterAll, describe, expect, it } from 'vitest';
import {
  authUser,
  callAs,
  closeMonthAt,
  earnerWithBalance,
  enginePool,
  member,
  payoutAccount,
  product,
  retireTestProducts,
  staff,
  tagOf,
} from './engine-support';
import { freeMonth, sql } from './support';

const pool = enginePool(50);
afterAll(async () => {
  await pool.end();
  await retireTestProducts();
});

const placeOrder = (userId: string, productId: string, quantity: number) =>
  callAs<{ id: string }>(pool, userId, `select (public.place_order($1::jsonb, 'transferencia')).id`, [JSON.stringify([{ product_id: productId, quantity }])]);

/** A connection in a transaction as `userId` would run it through PostgREST, left open for the test to commit. */
async function openTransactionAs(userId: string) {
  const client = await pool.connect();
  await client.query('begin');
  await client.query('set local role authenticated');
  await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: userId, role: 'authenticated' })]);
  return client;
}

/** Waits until a statement containing `fragment` waits for a lock (another transaction holds it). */
const waitsForLock = (fragment: string, timeout = 5_000) =>
  expect
    .poll(async () => (await sql(`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like $1`, [`%${fragment}%`])).length, {
      timeout,
      interval: 20,
    })
    .toBe(1);

describe('motor de recompensas bajo concurrencia', () => {
  it('20 aprobaciones simultáneas de una venta escriben un solo juego de asientos', async () => {
    const tag = tagOf();
    const admins = await Promise.all(Array.from({ length: 4 }, (_, i) => staff(`${tag}${i}`)));
    const top = await member(tag, 'Cima', null);
    const mid = await member(tag, 'Medio', top.id);
    const buyer = await member(tag, 'Compradora', mid.id);
    const productId = await product(tag, 40, 40, 10);
    const order = await placeOrder(buyer.userId, productId, 2);
    expect(order.ok).toBe(true);
    const saleId = (order as { value: { id: string } }).value.id;

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => callAs(pool, admins[i % admins.length], 'select public.approve_sale($1)', [saleId])),
    );
    const won = results.filter((r) => r.ok);
    const lost = results.filter((r) => !r.ok) as { hint?: string; message: string }[];
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const r of lost) {
      expect(r.hint).toBe('savia:invalid_transition');
      expect(r.message).toMatch(/está «Pagada»: solo se aprueba una venta pendiente/);
    }
    // Buyer's points and one commission (10 % of 80.00) to the level-1 enroller: one set only.
    const entries = await sql<{ beneficiary_id: string; type: string; amount: string; points: number }>(
      `select beneficiary_id, type, amount, points from public.reward_transactions where source_sale_id = $1 order by id`,
      [saleId],
    );
    expect(entries.map((e) => [e.beneficiary_id, e.type, e.amount, e.points])).toEqual([
      [buyer.id, 'points_purchase', '0.00', 80],
      [mid.id, 'commission_purchase', '8.00', 0],
    ]);
    const [stock] = await sql<{ stock: number; moves: number }>(
      `select p.stock, (select count(*)::int from public.stock_movements m where m.sale_id = $2) as moves
         from public.products p where p.id = $1`,
      [productId, saleId],
    );
    expect(stock).toEqual({ stock: 8, moves: 1 });
  });

  it('50 solicitudes de retiro simultáneas contra un saldo para 3 dejan exactamente 3', async () => {
    const tag = tagOf();
    const admin = await staff(tag);
    const superadmin = await staff(tag, 'superadmin');
    const earner = await member(tag, 'Patrocinadora', null);
    await payoutAccount(earner.id);
    const buyer = await member(tag, 'Compradora', earner.id);
    const productId = await product(tag, 100_000, 100, 20);
    // A past month of its own (so reruns never meet a closed one): the buyer's 600000.00 pays the
    // sponsor 10 % = 60000.00, the sponsor's own purchase keeps her active, and the close makes it available.
    const month = await freeMonth(200, 600);
    const clock = `${month.slice(0, 8)}15 12:00:00-05`;
    const asOf = async (userId: string, text: string, params: unknown[], at: string) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(`select set_config('savia.now', $1, true)`, [at]);
        await client.query('set local role authenticated');
        await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: userId, role: 'authenticated' })]);
        const { rows } = await client.query(text, params);
        await client.query('commit');
        return rows[0];
      } finally {
        client.release();
      }
    };
    const items = (q: number) => JSON.stringify([{ product_id: productId, quantity: q }]);
    const s1 = await asOf(buyer.userId, `select (public.place_order($1::jsonb)).id`, [items(6)], clock);
    const s2 = await asOf(earner.userId, `select (public.place_order($1::jsonb)).id`, [items(1)], clock);
    await asOf(admin, 'select public.approve_sale($1)', [s1.id], clock);
    await asOf(admin, 'select public.approve_sale($1)', [s2.id], clock);
    const nextMonth = new Date(`${month}T12:00:00Z`);
    nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
    await closeMonthAt(pool, month, `${nextMonth.toISOString().slice(0, 10)} 12:00:00-05`, superadmin);
    // The close brought is_active to *its* clock's month; put everyone back on the real one.
    await sql('select private.refresh_all_activity()');

    const [min] = await sql<{ min_payout: string }>(`select min_payout from public.metadata where id = 'app_settings'`);
    const amount = Number(min.min_payout) > 0 && Number(min.min_payout) <= 20_000 ? 20_000 : Number(min.min_payout);
    expect(amount * 3).toBeLessThanOrEqual(60_000);
    const before = await callAs<{ available: string }>(pool, earner.userId, 'select * from public.get_balance()');
    expect(before.ok && before.value.available).toBe('60000.00');

    const results = await Promise.all(Array.from({ length: 50 }, () => callAs(pool, earner.userId, 'select public.request_payout($1)', [amount])));
    expect(results.filter((r) => r.ok)).toHaveLength(Math.floor(60_000 / amount));
    for (const r of results.filter((x) => !x.ok) as { hint?: string }[]) expect(r.hint).toBe('savia:above_balance');
    const [{ n, total }] = await sql<{ n: number; total: string }>(
      `select count(*)::int as n, sum(amount)::text as total from public.payout_requests where client_id = $1`,
      [earner.id],
    );
    expect(n).toBe(Math.floor(60_000 / amount));
    expect(Number(total)).toBeLessThanOrEqual(60_000);
    const after = await callAs<{ available: string; reserved: string }>(pool, earner.userId, 'select * from public.get_balance()');
    expect(after.ok && [after.value.available, after.value.reserved]).toEqual([(60_000 - n * amount).toFixed(2), (n * amount).toFixed(2)]);
  });

  it('una aprobación que compite con una cancelación termina en un estado coherente', async () => {
    const tag = tagOf();
    const admin = await staff(tag);
    const top = await member(tag, 'Cima', null);
    const buyer = await member(tag, 'Compradora', top.id);
    const productId = await product(tag, 10, 10, 100);

    const outcomes: string[] = [];
    for (let round = 0; round < 10; round += 1) {
      const order = await placeOrder(buyer.userId, productId, 1);
      const saleId = (order as { value: { id: string } }).value.id;
      // Member cancellation (only while pending) and staff cancellation (any time, with reversals)
      // alternate, each racing the approval.
      const byStaff = round % 2 === 1;
      const [approval, cancellation] = await Promise.all([
        callAs(pool, admin, 'select public.approve_sale($1)', [saleId]),
        byStaff
          ? callAs(pool, admin, 'select public.cancel_sale($1, $2)', [saleId, 'Carrera de prueba'])
          : callAs(pool, buyer.userId, 'select public.cancel_sale($1)', [saleId]),
      ]);
      const [state] = await sql<{ status: string; entries: number; amount: string; points: number; moved: number }>(
        `select s.status,
                (select count(*)::int from public.reward_transactions r where r.source_sale_id = s.id) as entries,
                coalesce((select sum(r.amount) from public.reward_transactions r where r.source_sale_id = s.id), 0)::text as amount,
                coalesce((select sum(r.points) from public.reward_transactions r where r.source_sale_id = s.id), 0)::int as points,
                coalesce((select sum(m.quantity) from public.stock_movements m where m.sale_id = s.id), 0)::int as moved
           from public.sales s where s.id = $1`,
        [saleId],
      );
      if (approval.ok && cancellation.ok) {
        // Approved first, then cancelled by staff: every entry reversed, stock back.
        expect(byStaff).toBe(true);
        expect(state).toEqual({ status: 'Cancelada', entries: 4, amount: '0.00', points: 0, moved: 0 });
        outcomes.push('aprobada y cancelada');
      } else if (approval.ok) {
        // The member's cancellation came second and found it paid.
        expect(byStaff).toBe(false);
        expect((cancellation as { hint?: string }).hint).toBe('savia:invalid_transition');
        expect(state).toEqual({ status: 'Pagada', entries: 2, amount: '1.00', points: 10, moved: -1 });
        outcomes.push('aprobada');
      } else {
        expect(cancellation.ok).toBe(true);
        expect((approval as { hint?: string }).hint).toBe('savia:invalid_transition');
        expect(state).toEqual({ status: 'Cancelada', entries: 0, amount: '0', points: 0, moved: 0 });
        outcomes.push('cancelada');
      }
    }
    expect(outcomes).toHaveLength(10);
    const [{ stock }] = await sql<{ stock: number }>('select stock from public.products where id = $1', [productId]);
    const paid = outcomes.filter((o) => o === 'aprobada').length;
    expect(stock).toBe(100 - paid);
  });

  it('un cambio de enrolador que llega mientras empieza un cierre lo espera y se rechaza: ningún mes se cierra sobre una red a medias', async () => {
    const tag = tagOf();
    const superadmin = await staff(tag, 'superadmin');
    const first = await member(tag, 'Primera', null);
    const second = await member(tag, 'Segunda', null);
    const mover = await member(tag, 'Mudanza', first.id);
    // An open month of its own whose close's first step is running: it holds the month's row (FOR
    // UPDATE, as private.close_begin does) and has marked it closing, not yet committed.
    const month = await freeMonth(2400, 600);
    await sql('insert into public.periods (month) values ($1)', [month]);
    const closer = await pool.connect();
    try {
      await closer.query('begin');
      await closer.query('select 1 from public.periods where month = $1 for update', [month]);
      await closer.query('update public.periods set close_started_at = now() where month = $1', [month]);
      const move = callAs(pool, superadmin, 'select public.change_enroller($1, $2, $3)', [mover.id, second.id, 'Lo pidió el miembro']);
      await waitsForLock('change_enroller', 15_000);
      await closer.query('commit');
      const outcome = await move;
      expect(outcome.ok).toBe(false);
      expect((outcome as { hint?: string }).hint).toBe('savia:close_in_progress');
      const [row] = await sql<{ enroller_id: string }>('select enroller_id from public.clients where id = $1', [mover.id]);
      expect(row.enroller_id).toBe(first.id);
    } finally {
      await closer.query('rollback').catch(() => {});
      closer.release();
      // No month is left open behind the others' (each closes its months in order): this one is closed for real.
      await sql('update public.periods set close_started_at = null where month = $1', [month]);
      const next = new Date(`${month}T12:00:00Z`);
      next.setUTCMonth(next.getUTCMonth() + 1);
      await closeMonthAt(pool, month, `${next.toISOString().slice(0, 10)} 12:00:00-05`, superadmin);
    }
  });

  it('un retiro llevado al archivo del banco mientras se cancela la venta que lo pagaba espera la cancelación y se rechaza', async () => {
    const tag = tagOf();
    const admin = await staff(tag);
    const superadmin = await staff(tag, 'superadmin');
    // 60000.00 from her recruit's purchase in a closed month, which she asks for whole and staff approve.
    const earner = await earnerWithBalance(pool, tag, admin, superadmin);
    const request = await callAs<{ id: string }>(pool, earner.userId, 'select (public.request_payout(60000)).id');
    expect(request.ok).toBe(true);
    const requestId = (request as { value: { id: string } }).value.id;
    expect((await callAs(pool, admin, 'select public.approve_payout($1)', [requestId])).ok).toBe(true);

    // Staff cancel the purchase (its 60000.00 clawed back in the closed month), not yet committed, while
    // another puts the request in a bank file: the file waits for the cancellation, then refuses it.
    const canceller = await openTransactionAs(admin);
    try {
      await canceller.query('select public.cancel_sale($1, $2)', [earner.purchaseId, 'Devolución del cliente']);
      const file = callAs(pool, admin, `select public.export_payout_file(array[$1]::uuid[], 'csv')`, [requestId]);
      await waitsForLock('export_payout_file', 2_500);
      await canceller.query('commit');
      const outcome = await file;
      expect(outcome.ok).toBe(false);
      expect((outcome as { hint?: string }).hint).toBe('savia:payout_not_covered');
      const [{ files }] = await sql<{ files: number }>('select count(*)::int as files from public.payout_batch_items where payout_id = $1', [requestId]);
      expect(files).toBe(0);
    } finally {
      await canceller.query('rollback').catch(() => {});
      canceller.release();
      await callAs(pool, admin, 'select public.reject_payout($1, $2)', [requestId, 'La venta que lo pagaba se canceló']);
    }
  });

  it('un cambio de los puntos de actividad espera a la aprobación en curso y el Dashboard cuenta a su miembro con el umbral nuevo', async () => {
    const tag = tagOf();
    const admin = await staff(tag);
    const buyer = await member(tag, 'Umbral', null);
    // 120 points: active by 100, near-active by 150.
    const productId = await product(tag, 10, 120, 5);
    const order = await placeOrder(buyer.userId, productId, 1);
    expect(order.ok).toBe(true);
    const saleId = (order as { value: { id: string } }).value.id;
    const [{ points }] = await sql<{ points: number }>(`select activity_points as points from public.metadata where id = 'app_settings'`);
    expect(points, 'con el umbral de hoy, 120 puntos activan').toBeLessThanOrEqual(120);
    expect(await sql('select * from private.dashboard_month_violations()')).toEqual([]);

    const approval = await openTransactionAs(admin);
    try {
      await approval.query('select public.approve_sale($1)', [saleId]);
      // The approval moved its buyer into «active» by the old threshold and has not committed yet.
      const save = sql(`update public.metadata set activity_points = $1 where id = 'app_settings'`, [150]);
      await waitsForLock('activity_points = $1');
      await approval.query('commit');
      await save;
      expect(await sql('select * from private.dashboard_month_violations()')).toEqual([]);
    } finally {
      await approval.query('rollback').catch(() => {});
      approval.release();
      await sql(`update public.metadata set activity_points = $1 where id = 'app_settings'`, [points]);
    }
  });

  it('rehacer los puntos de grupo espera a un cambio de enrolador en curso: ningún subárbol queda contado dos veces', async () => {
    const tag = tagOf();
    const superadmin = await staff(tag, 'superadmin');
    const first = await member(tag, 'Primera', null);
    const second = await member(tag, 'Segunda', null);
    const mover = await member(tag, 'Mudanza', first.id);
    const productId = await product(tag, 10, 30, 5);
    const admin = await staff(`${tag}a`);
    const order = await placeOrder(mover.userId, productId, 1);
    expect(order.ok).toBe(true);
    expect((await callAs(pool, admin, 'select public.approve_sale($1)', [(order as { value: { id: string } }).value.id])).ok).toBe(true);

    const move = await openTransactionAs(superadmin);
    try {
      await move.query('select public.change_enroller($1, $2, $3)', [mover.id, second.id, 'Lo pidió el miembro']);
      // The move has written its pending rows (old upline −, new upline +) and not committed: the
      // rebuild waits for it, or it would count the subtree under the new path and keep those rows too.
      const rebuild = sql('select private.rebuild_group_points()');
      await waitsForLock('rebuild_group_points');
      await move.query('commit');
      await rebuild;
      await sql('select private.fold_group_points(true)');
      expect(await sql('select * from private.group_points_violations()')).toEqual([]);
    } finally {
      await move.query('rollback').catch(() => {});
      move.release();
    }
  });

  it('quien entra por primera vez mientras se aprueba su enrolamiento queda vinculado: la cuenta espera a la aprobación', async () => {
    const tag = tagOf();
    const admin = await staff(tag);
    const sponsor = await member(tag, 'Patrocinadora', null);
    const kitId = await product(tag, 80, 40, 5);
    await sql('update public.products set is_kit = true where id = $1', [kitId]);
    const email = `motor.recien.${tag}@tests.savia`;
    const enrolment = await callAs<{ id: string }>(pool, sponsor.userId, `select (public.enrol_member($1, $2, $3, p_payment_method => 'efectivo')).id`, [
      `Recién ${tag}`,
      email,
      kitId,
    ]);
    expect(enrolment.ok).toBe(true);

    const approval = await openTransactionAs(admin);
    try {
      // The approval has made her a member and looked for her account (none yet), and has not committed.
      await approval.query('select public.approve_sale($1)', [(enrolment as { value: { id: string } }).value.id]);
      // Her first Google sign-in now: Auth inserts her account, whose link trigger waits for the approval.
      const signIn = authUser(email);
      await waitsForLock('insert into auth.users');
      await approval.query('commit');
      const userId = await signIn;
      expect(
        await sql(
          `select c.auth_uid = $1 as linked, ur.role from public.clients c left join public.users_roles ur on ur.user_id = $1 where lower(c.email) = $2`,
          [userId, email],
        ),
      ).toEqual([{ linked: true, role: 'cliente' }]);
    } finally {
      await approval.query('rollback').catch(() => {});
      approval.release();
    }
  });

  it('los invariantes del motor se cumplen tras las carreras', async () => {
    const violations = await sql('select * from private.engine_invariant_violations()');
    expect(violations).toEqual([]);
  });
});
