// Saving the company's time zone in Configuración, through PostgREST as the app does it (an upsert of
// metadata/app_settings): the change queues the job that rebuilds the kept sales summaries (issue 27:
// a job, never the request), and what the request runs must pass pg-safeupdate, which a hosted project runs on every API request (`DELETE requires a WHERE clause`).
// Bogotá → Lima → Bogotá: both are UTC−5 all year, so the rebuild runs and no sale changes day for the
// suites that share this database.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { staffPersona } from './fixtures/personas';
import { cfg, sql } from './support';

const violations = () => sql(`select * from private.sales_aggregate_violations()`);

/** Waits until the jobs' runners (pg_cron, every few seconds) have finished every change of time zone. */
async function timeZoneJobsDone() {
  for (let i = 0; i < 120; i += 1) {
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from private.jobs where kind = 'timezone_change' and status in ('queued', 'running')`);
    if (n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('el cambio de zona horaria no terminó en 60 s');
}

// Whatever happened above, the next suites find Bogotá and summaries in step with the sales.
afterAll(async () => {
  await sql(`update public.metadata set timezone = 'America/Bogota' where id = 'app_settings'`);
  await sql(`select private.rebuild_sales_aggregates()`);
});

describe('Zona horaria de la empresa por la API', () => {
  it('un paso que choca con un bloqueo de otra transacción se deshace y se repite: el trabajo no se da por fallido', { timeout: 30_000 }, async () => {
    // The time zone job's last step recounts the Dashboard's months; an approval holding one of their rows
    // (while it waits for the members the recount locks) makes one of the two give way.
    const [{ id }] = await sql<{ id: string }>(
      // Queued for later, so pg_cron's runners leave it to this test (claim_job by its id ignores run_after).
      `insert into private.jobs (kind, params, origin, run_after, step, step_no, steps)
       values ('timezone_change', jsonb_build_object('to', private.company_timezone()), 'settings', now() + interval '1 day', 'dashboard', 2, 2) returning id`,
    );
    const pool = new pg.Pool({ connectionString: cfg.dbUrl, max: 2 });
    const runner = await pool.connect();
    const approval = await pool.connect();
    try {
      // This test is the job's runner (its advisory lock), once no other close or change of zone has the turn.
      await expect.poll(async () => (await runner.query('select private.claim_job($1) as id', [id])).rows[0].id, { timeout: 20_000 }).toBe(id);
      await approval.query('begin');
      await approval.query('select 1 from private.dashboard_months where new_members <> 0 or payouts_paid <> 0 limit 1 for update');
      await runner.query(`set lock_timeout = '300ms'`);
      expect((await runner.query('select private.run_job_step($1) as status', [id])).rows[0].status).toBe('running');
      const [job] = await sql<{ status: string; step: string; error: string | null }>('select status, step, error from private.jobs where id = $1', [id]);
      expect(job).toEqual({ status: 'running', step: 'dashboard', error: null });
      await approval.query('rollback');
      expect((await runner.query('select private.run_job_step($1) as status', [id])).rows[0].status).toBe('done');
      expect(await sql('select * from private.dashboard_month_violations()')).toEqual([]);
    } finally {
      await approval.query('rollback').catch(() => {});
      await runner.query('reset lock_timeout').catch(() => {});
      await runner.query('select private.release_job($1)', [id]).catch(() => {});
      approval.release();
      runner.release();
      await pool.end();
    }
  });

  it('el superadmin cambia la zona horaria y los resúmenes de ventas se rehacen', { timeout: 90_000 }, async () => {
    const superadmin = await staffPersona('superadmin');
    expect(await violations()).toEqual([]);
    // A kept figure out of step with the sales: only a rebuild puts it right.
    await sql(`update private.sales_daily set sales_count = sales_count + 1
                where (day, status, kind, stripe) = (select day, status, kind, stripe from private.sales_daily limit 1)`);
    expect((await violations()).length).toBeGreaterThan(0);

    for (const timezone of ['America/Lima', 'America/Bogota']) {
      const saved = await superadmin.client.from('metadata').upsert({ id: 'app_settings', timezone }).select().single();
      expect(saved.error).toBeNull();
      expect(saved.data).toMatchObject({ id: 'app_settings', timezone });
      // Each change's job runs before the next save: a save back to the zone still live queues nothing.
      await timeZoneJobsDone();
    }
    expect(await violations()).toEqual([]);
  });
});
