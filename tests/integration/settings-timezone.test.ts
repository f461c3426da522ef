// Saving the company's time zone in Configuración, through PostgREST as the app does it (an upsert of
// metadata/app_settings): the change rebuilds the kept sales summaries, and that rebuild must pass
// pg-safeupdate, which a hosted project runs on every API request (`DELETE requires a WHERE clause`).
// Bogotá → Lima → Bogotá: both are UTC−5 all year, so the rebuild runs and no sale changes day for the
// suites that share this database.
import { afterAll, describe, expect, it } from 'vitest';
import { staffPersona } from './fixtures/personas';
import { sql } from './support';

const violations = () => sql(`select * from private.sales_aggregate_violations()`);

// Whatever happened above, the next suites find Bogotá and summaries in step with the sales.
afterAll(async () => {
  await sql(`update public.metadata set timezone = 'America/Bogota' where id = 'app_settings'`);
  await sql(`select private.rebuild_sales_aggregates()`);
});

describe('Zona horaria de la empresa por la API', () => {
  it('el superadmin cambia la zona horaria y los resúmenes de ventas se rehacen', async () => {
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
    }
    expect(await violations()).toEqual([]);
  });
});
