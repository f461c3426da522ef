// «¿Por qué no cobró?» and the enroller change through PostgREST, as each persona: staff read the
// why; only a superadmin previews or changes an enroller (an admin and a member are refused, and
// nothing moves); nobody moves a member with a plain UPDATE, not even a superadmin.
import { describe, expect, it } from 'vitest';
import { sql } from './support';
import { memberPersona, registeredMember, staffPersona } from './fixtures/personas';

async function enrollerOf(id: string): Promise<string | null> {
  const [row] = await sql<{ enroller_id: string | null }>('select enroller_id from public.clients where id = $1', [id]);
  return row!.enroller_id;
}

describe('«¿Por qué no cobró?» y el cambio de enrolador por la API', () => {
  it('el personal lee el porqué de un miembro; un miembro no, ni el suyo', async () => {
    const admin = await staffPersona('admin');
    const member = await memberPersona();
    const { data, error } = await admin.client.rpc('get_why_not_paid', { p_client_id: member.clientId });
    expect(error).toBeNull();
    expect(data).toMatchObject({ client_id: member.clientId, verdict: 'no_income', personal_points: 0, entries: [] });

    const refused = await member.client.rpc('get_why_not_paid', { p_client_id: member.clientId });
    expect(refused.data).toBeNull();
    expect(refused.error).toMatchObject({ hint: 'savia:forbidden' });
  });

  it('un admin y un miembro no cambian el enrolador ni ven la vista previa; el superadmin sí, con motivo', async () => {
    const top = await registeredMember();
    const other = await registeredMember();
    const mover = await memberPersona(top.id);
    const child = await registeredMember(mover.clientId);
    const admin = await staffPersona('admin');
    const superadmin = await staffPersona('superadmin');

    for (const caller of [admin.client, mover.client]) {
      const preview = await caller.rpc('preview_enroller_change', { p_client_id: mover.clientId, p_new_enroller_id: other.id });
      expect(preview.error).toMatchObject({ hint: 'savia:forbidden' });
      const change = await caller.rpc('change_enroller', { p_client_id: mover.clientId, p_new_enroller_id: other.id, p_reason: 'Lo pidió el miembro' });
      expect(change.error).toMatchObject({ hint: 'savia:forbidden', message: 'Solo un superadmin puede cambiar el enrolador de un miembro.' });
      const search = await caller.rpc('search_enroller_candidates', { p_search: 'Miembro' });
      expect(search.error).toMatchObject({ hint: 'savia:forbidden' });
    }
    // A plain UPDATE is refused to everyone (the API roles do not write clients): the move needs its
    // reason and its record.
    const direct = await superadmin.client.from('clients').update({ enroller_id: other.id }).eq('id', mover.clientId);
    expect(direct.error).toMatchObject({ code: '42501' });
    expect(await enrollerOf(mover.clientId)).toBe(top.id);

    const cycle = await superadmin.client.rpc('change_enroller', { p_client_id: mover.clientId, p_new_enroller_id: child.id, p_reason: 'Prueba de ciclo' });
    expect(cycle.error).toMatchObject({ hint: 'savia:network_cycle' });

    const preview = await superadmin.client.rpc('preview_enroller_change', { p_client_id: mover.clientId, p_new_enroller_id: other.id });
    expect(preview.error).toBeNull();
    expect(preview.data).toMatchObject({ moved_members: 2, old_enroller_id: top.id, new_enroller_id: other.id });

    const change = await superadmin.client.rpc('change_enroller', {
      p_client_id: mover.clientId,
      p_new_enroller_id: other.id,
      p_reason: 'Se enroló con otra persona',
    });
    expect(change.error).toBeNull();
    expect(await enrollerOf(mover.clientId)).toBe(other.id);
    const [trail] = await sql<{ reason: string; changed_by: string; moved_members: number }>(
      'select reason, changed_by, moved_members from public.enroller_changes where client_id = $1',
      [mover.clientId],
    );
    expect(trail).toEqual({ reason: 'Se enroló con otra persona', changed_by: superadmin.userId, moved_members: 2 });
  });
});
