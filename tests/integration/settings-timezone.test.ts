// Saving the company's time zone in Configuración, through PostgREST as the app does it (an upsert of
// metadata/app_settings): the change queues the job that rebuilds the kept sales summaries (issue 27:
// a job, never the request), and what the request runs must pass pg-safeupdate, which a hosted project runs on every API request (`DELETE requires a WHERE clause`).
// Bogotá → Lima → Bogotá: both are UTC−5 all year, so the rebuild runs and no sale changes day for the
// suites that share this database.
import { afterAll, describe, expect, it } from 'vitest';
import { staffPersona } from './fixtures/personas';
import { sql } from './support';

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
