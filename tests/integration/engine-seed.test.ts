// After the whole seed: the engine's invariants hold, and the demo history (supabase/seed-history.sql,
// made by calling the engine) has every state the screens need to show.
import { describe, expect, it } from 'vitest';
import { sql } from './support';

const [{ history }] = await sql<{ history: boolean }>(
  `select exists (select 1 from public.sales where created_by = (select id from auth.users where email = 'maria.activa@savia.test')) as history`,
);

describe('semilla del motor', () => {
  it('los invariantes del motor se cumplen sobre todos los datos', async () => {
    expect(await sql('select * from private.engine_invariant_violations()')).toEqual([]);
  });

  it('los agregados de ventas (Ventas, Dashboard) coinciden con las ventas y los movimientos', async () => {
    expect(await sql('select * from private.sales_aggregate_violations()')).toEqual([]);
  });

  it.skipIf(!history)('la historia tiene ventas en cada estado, meses cerrados con anulaciones y bonos, y retiros en cada estado', async () => {
    const statuses = await sql<{ status: string }>('select distinct status from public.sales order by 1');
    expect(statuses.map((s) => s.status)).toEqual(
      expect.arrayContaining(['Cancelada', 'Entregada', 'Pagada', 'Pendiente de Aprobación', 'Pendiente de Enrolamiento', 'Rechazado']),
    );
    const [months] = await sql<{ closed: number; forfeits: number; bonuses: number; level_ups: number }>(
      `select count(*)::int as closed, sum((summary ->> 'forfeits')::int)::int as forfeits,
              sum((summary ->> 'volume_bonuses')::int)::int as bonuses, sum((summary ->> 'level_ups')::int)::int as level_ups
         from public.periods where status = 'closed' and summary ? 'forfeits'`,
    );
    expect(months.closed).toBeGreaterThanOrEqual(3);
    expect(months.forfeits).toBeGreaterThan(0);
    expect(months.bonuses).toBeGreaterThan(0);
    expect(months.level_ups).toBeGreaterThan(0);
    const payouts = await sql<{ status: string }>('select distinct status from public.payout_requests order by 1');
    expect(payouts.map((p) => p.status)).toEqual(['approved', 'paid', 'pending', 'rejected']);
    const [{ clawbacks }] = await sql<{ clawbacks: number }>(
      `select count(*)::int as clawbacks from public.reward_transactions r join public.periods p on p.month = r.period_month
        where r.reverses_id is not null and r.created_at > p.closed_at`,
    );
    expect(clawbacks).toBeGreaterThan(0);
    const activity = await sql<{ email: string; is_active: boolean }>(
      `select email, is_active from public.clients where email in ('maria.activa@savia.test', 'carlos.inactivo@savia.test') order by email`,
    );
    expect(activity).toEqual([
      { email: 'carlos.inactivo@savia.test', is_active: false },
      { email: 'maria.activa@savia.test', is_active: true },
    ]);
  });
});
