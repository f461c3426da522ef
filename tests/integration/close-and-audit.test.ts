// Configuración's month close and audit log through PostgREST, as each persona: an admin (and a
// member) calling the close or the audit RPCs is refused; a superadmin reads the months and the log.
import { describe, expect, it } from 'vitest';
import { memberPersona, staffPersona } from './fixtures/personas';
import { waitForSimulation } from './simulation-support';
import { sql } from './support';

describe('Cierre de mes y bitácora por la API', () => {
  it('un admin y un miembro no piden, no previsualizan ni leen el cierre, ni la bitácora', async () => {
    const admin = await staffPersona('admin');
    const member = await memberPersona();
    for (const caller of [admin.client, member.client]) {
      const request = await caller.rpc('request_period_close', {
        p_month: '2026-01-01',
      });
      expect(request.error).toMatchObject({
        hint: 'savia:forbidden',
        message: 'Solo un superadmin (o el cierre programado) puede cerrar un mes.',
      });
      const asked = await caller.rpc('request_close_preview', { p_month: '2026-01-01' });
      expect(asked.error).toMatchObject({
        hint: 'savia:forbidden',
        message: 'Solo un superadmin puede ver y cerrar los meses.',
      });
      const paged = await caller.rpc('get_close_preview', { p_job_id: 1 });
      expect(paged.error).toMatchObject({ hint: 'savia:forbidden' });
      const job = await caller.rpc('get_simulation_job', { p_id: 1 });
      expect(job.error).toMatchObject({ hint: 'savia:forbidden', message: 'Solo un superadmin puede ver las simulaciones.' });
      const months = await caller.rpc('get_close_months');
      expect(months.error).toMatchObject({ hint: 'savia:forbidden' });
      const log = await caller.rpc('get_audit_log', {});
      expect(log.error).toMatchObject({
        hint: 'savia:forbidden',
        message: 'Solo un superadmin puede leer la bitácora.',
      });
    }
  });

  it('un superadmin lee los meses con su estado y una página de la bitácora', async () => {
    const superadmin = await staffPersona('superadmin', true);
    const months = await superadmin.client.rpc('get_close_months');
    expect(months.error).toBeNull();
    expect(months.data!.length).toBeGreaterThan(0);
    expect(months.data![0]).toMatchObject({ status: 'open', ended: false });

    // The month in course's preview, asked through the API and computed by the job runner, read page by
    // page: the engine's own actions for the month (what the close would write), row for row.
    const month = months.data![0]!.month;
    const asked = await superadmin.client.rpc('request_close_preview', { p_month: month });
    expect(asked.error).toBeNull();
    const done = await waitForSimulation(superadmin.client, (asked.data as { id: number }).id);
    expect(done).toMatchObject({ kind: 'close_preview', status: 'done', step: 'done', step_no: 2, steps: 2 });
    const result = done.result as { rows: number; totals: Record<string, number> };
    const engine = await sql<{ action: string; client_name: string; amount: string | null; detail: string }>(
      `select a.action, c.name as client_name, a.amount, private.staff_voice(a.detail) as detail
         from private.period_close_actions($1::date, (select p.plan from private.plan() p)) a join public.clients c on c.id = a.client_id
        order by a.action, c.name, a.ledger_id, a.client_id`,
      [month],
    );
    expect(result.rows).toBe(engine.length);
    const page = await superadmin.client.rpc('get_close_preview', { p_job_id: done.id, p_page: 1, p_page_size: 20 });
    expect(page.error).toBeNull();
    const pick = (r: { action: string; client_name: string; amount: number | string | null; detail: string }) => [
      r.action,
      r.client_name,
      r.amount === null ? null : Number(r.amount),
      r.detail,
    ];
    expect(page.data!.map(pick)).toEqual(engine.slice(0, 20).map(pick));
    expect(result.totals.forfeits).toBe(engine.filter((r) => r.action === 'forfeit').length);

    const log = await superadmin.client.rpc('get_audit_log', {
      p_table: 'metadata',
      p_page_size: 5,
    });
    expect(log.error).toBeNull();
    for (const row of log.data!) expect(row.table_name).toBe('metadata');

    const backwards = await superadmin.client.rpc('get_audit_log', {
      p_from: '2026-02-02',
      p_to: '2026-02-01',
    });
    expect(backwards.error).toMatchObject({
      hint: 'savia:invalid_range',
      message: 'La fecha final no puede ser anterior a la inicial.',
    });
  });
});
