// The compensation plan through PostgREST: only a superadmin saves, simulates or lists it; an admin is
// refused by each RPC and by the table itself. The superadmin's what-if of the plan in force, asked
// through the API and computed by the database's worker, is 0 and writes nothing (the plan is not
// saved here: other suites read it).
import { describe, expect, it } from 'vitest';
import { staffPersona } from './fixtures/personas';
import { waitForSimulation } from './simulation-support';

async function currentLevels(client: Awaited<ReturnType<typeof staffPersona>>['client']) {
  const { data, error } = await client
    .from('star_level_configs')
    .select('name, personal_points, group_points, commission_rates, volume_bonus_rate, starter_bonus')
    .order('level');
  expect(error).toBeNull();
  return data!;
}

describe('Plan de compensación por la API', () => {
  it('un admin no guarda, no simula ni lista el plan, ni lo escribe en la tabla', async () => {
    const admin = await staffPersona('admin');
    const levels = await currentLevels(admin.client);
    const refusal = { hint: 'savia:forbidden', message: 'Solo un superadmin puede ver o cambiar el plan de compensación.' };
    expect((await admin.client.rpc('save_plan', { p_levels: levels })).error).toMatchObject(refusal);
    expect((await admin.client.rpc('request_plan_what_if', { p_levels: levels })).error).toMatchObject(refusal);
    expect((await admin.client.rpc('get_plan_versions')).error).toMatchObject(refusal);
    const direct = await admin.client.from('star_level_configs').update({ starter_bonus: 999 }).eq('level', 1).select();
    expect(direct.data ?? []).toEqual([]);
    expect((await currentLevels(admin.client))[0]!.starter_bonus).toBe(levels[0]!.starter_bonus);
  });

  it('el superadmin simula el plan vigente: diferencia 0; un borrador inválido se rechaza en español', async () => {
    const superadmin = await staffPersona('superadmin');
    const levels = await currentLevels(superadmin.client);
    const entriesBefore = await superadmin.client.from('reward_transactions').select('id', { count: 'exact', head: true });
    const asked = await superadmin.client.rpc('request_plan_what_if', { p_levels: levels });
    expect(asked.error).toBeNull();
    expect(asked.data).toMatchObject({ kind: 'plan_what_if', status: 'queued' });
    const done = await waitForSimulation(superadmin.client, (asked.data as { id: number }).id);
    expect(done).toMatchObject({ status: 'done', error: null });
    const result = done.result as { month: string | null; before?: number; difference?: number };
    expect(result.month).toMatch(/^\d{4}-\d{2}-01$/);
    expect(Number(result.before)).toBeGreaterThan(0);
    expect(Number(result.difference)).toBe(0);
    const entriesAfter = await superadmin.client.from('reward_transactions').select('id', { count: 'exact', head: true });
    expect(entriesAfter.count).toBe(entriesBefore.count);

    const bad = levels.map((l, i) => (i === 0 ? { ...l, commission_rates: [0.7, 0.4] } : l));
    const notAsked = await superadmin.client.rpc('request_plan_what_if', { p_levels: bad });
    expect(notAsked.error).toMatchObject({ hint: 'savia:invalid_plan', details: '1' });

    const over = levels.map((l, i) => (i === 0 ? { ...l, commission_rates: [0.7, 0.4] } : l));
    const refused = await superadmin.client.rpc('save_plan', { p_levels: over });
    expect(refused.error).toMatchObject({ hint: 'savia:invalid_plan', details: '1' });
    expect(refused.error!.message).toMatch(/^Las tasas de comisión del nivel 1 suman 110%/);

    const versions = await superadmin.client.rpc('get_plan_versions');
    expect(versions.error).toBeNull();
    expect(versions.data!.filter((v: { is_current: boolean }) => v.is_current)).toHaveLength(1);
  });
});
