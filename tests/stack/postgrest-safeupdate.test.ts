// pg-safeupdate as a hosted project has it (on for `authenticator`, the role PostgREST logs in as; off
// for `postgres`): an UPDATE or DELETE without WHERE in an API request fails with the extension's own
// SQLSTATE and message, whether PostgREST writes it (a PATCH or DELETE without filters) or a function
// the request calls runs it. The probe table and function exist only for the length of this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cfg, sql } from '../integration/support';

const TABLE = 'stack_safeupdate_probe';
const WIPE = 'stack_safeupdate_wipe';
/**
 * A request through the gateway, repeated while PostgREST answers 404: it reloads its schema cache on
 * the NOTIFY below, and for a moment after it may still not know the probe (a 404 touches nothing).
 */
async function rest(path: string, init: RequestInit = {}) {
  for (let tries = 0; ; tries += 1) {
    const res = await fetch(`${cfg.apiUrl}/rest/v1/${path}`, {
      ...init,
      headers: { apikey: cfg.secretKey, 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
    });
    if (res.status !== 404 || tries >= 100) return res;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const rows = async () => (await sql<{ id: number }>(`select id from public.${TABLE} order by id`)).map((r) => r.id);

beforeAll(async () => {
  await sql(`
    create table public.${TABLE} (id integer primary key, note text not null default '');
    comment on table public.${TABLE} is 'Tabla de prueba de tests/stack/postgrest-safeupdate.test.ts.';
    insert into public.${TABLE} (id) values (1), (2), (3);
    grant select, update, delete on public.${TABLE} to service_role;
    create function public.${WIPE}() returns void language plpgsql as $$ begin delete from public.${TABLE}; end $$;
    comment on function public.${WIPE}() is 'Borra la tabla de prueba sin WHERE.';
    revoke execute on function public.${WIPE}() from public;
    grant execute on function public.${WIPE}() to service_role;
    notify pgrst, 'reload schema';`);
  expect((await rest(`${TABLE}?select=id`)).status).toBe(200);
});

afterAll(async () => {
  await sql(`drop function if exists public.${WIPE}(); drop table if exists public.${TABLE}; notify pgrst, 'reload schema';`);
});

describe('pg-safeupdate in API requests', () => {
  it('refuses a DELETE without filters with 400 21000 «DELETE requires a WHERE clause», deleting nothing', async () => {
    const res = await rest(TABLE, { method: 'DELETE' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: '21000', message: 'DELETE requires a WHERE clause', details: null, hint: null });
    expect(await rows()).toEqual([1, 2, 3]);
  });

  it('refuses a PATCH without filters with 400 21000 «UPDATE requires a WHERE clause», changing nothing', async () => {
    const res = await rest(TABLE, { method: 'PATCH', body: JSON.stringify({ note: 'todas' }) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: '21000', message: 'UPDATE requires a WHERE clause', details: null, hint: null });
    expect(await sql(`select 1 from public.${TABLE} where note = 'todas'`)).toEqual([]);
  });

  it('refuses the same statement inside a function the request calls', async () => {
    const res = await rest(`rpc/${WIPE}`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
    expect(await rows()).toEqual([1, 2, 3]);
  });

  it('lets filtered writes through', async () => {
    expect((await rest(`${TABLE}?id=eq.1`, { method: 'PATCH', body: JSON.stringify({ note: 'una' }) })).status).toBe(204);
    expect((await rest(`${TABLE}?id=eq.2`, { method: 'DELETE' })).status).toBe(204);
    expect(await sql(`select id, note from public.${TABLE} order by id`)).toEqual([
      { id: 1, note: 'una' },
      { id: 3, note: '' },
    ]);
  });

  it('is off for postgres, as on hosted (migrations, seeds and pg_cron may empty a table)', async () => {
    expect(await sql(`select current_setting('safeupdate.enabled') as enabled`)).toEqual([{ enabled: 'off' }]);
    await sql(`select public.${WIPE}()`);
    expect(await rows()).toEqual([]);
  });
});
