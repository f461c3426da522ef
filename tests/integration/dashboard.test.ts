// The Dashboard's reads through PostgREST: staff read them; a member, a person without a role and
// anon are refused. On the seeded database the kept month figures equal their computation from scratch.
import { describe, expect, it } from 'vitest';
import { anonClient, sql } from './support';
import { memberPersona, signedIn, staffPersona } from './fixtures/personas';
import { unique } from './fixtures/auth-helpers';

describe('el Dashboard por la API', () => {
  it('admin y superadmin leen el Dashboard y el panel de cerca de activarse', async () => {
    for (const role of ['admin', 'superadmin'] as const) {
      const staff = await staffPersona(role);
      const { data, error } = await staff.client.rpc('get_dashboard');
      expect(error).toBeNull();
      expect(data).toMatchObject({ months: expect.any(Array), approvals: expect.any(Object), liability: expect.any(Object) });
      const near = await staff.client.rpc('get_dashboard_near_active', { p_limit: 5 });
      expect(near.error).toBeNull();
    }
  });

  it('un miembro, alguien sin rol y anon no lo leen', async () => {
    const member = await memberPersona();
    const nobody = await signedIn(unique('sinrol'));
    for (const caller of [member.client, nobody.client]) {
      const dash = await caller.rpc('get_dashboard');
      expect(dash.data).toBeNull();
      expect(dash.error).toMatchObject({ hint: 'savia:forbidden', message: 'Solo el personal (admin o superadmin) puede realizar esta acción.' });
      const near = await caller.rpc('get_dashboard_near_active', { p_limit: 5 });
      expect(near.error).toMatchObject({ hint: 'savia:forbidden' });
    }
    const anon = await anonClient().rpc('get_dashboard');
    expect(anon.data).toBeNull();
    expect(anon.error?.code).toBe('42501');
  });

  it('las cifras guardadas de la semilla igualan su cálculo desde cero', async () => {
    expect(await sql('select * from private.dashboard_month_violations()')).toEqual([]);
  });
});
