// Usuarios through PostgREST, as each persona: only a superadmin reads or changes the staff; an
// invited person signs in with the role given; a revoked one is refused on their very next request,
// with the token they already hold (which still says admin).
import { describe, expect, it } from 'vitest';
import { memberPersona, signedIn, staffPersona } from './fixtures/personas';
import { unique } from './fixtures/auth-helpers';

function claimsOf(accessToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('Usuarios por la API', () => {
  it('un admin y un miembro no leen ni cambian el personal', async () => {
    const admin = await staffPersona('admin');
    const member = await memberPersona();
    for (const caller of [admin.client, member.client]) {
      const list = await caller.rpc('get_staff_members');
      expect(list.error).toMatchObject({ hint: 'savia:forbidden', message: 'Solo un superadmin administra el personal.' });
      const invite = await caller.rpc('invite_staff', { p_email: unique('colado'), p_role: 'superadmin' });
      expect(invite.error).toMatchObject({ hint: 'savia:forbidden' });
      const promote = await caller.rpc('set_staff_role', { p_user_id: admin.userId, p_role: 'superadmin' });
      expect(promote.error).toMatchObject({ hint: 'savia:forbidden' });
    }
  });

  it('la persona invitada entra con su rol; al revocarla, su siguiente petición se rechaza aunque su token diga admin', async () => {
    const superadmin = await staffPersona('superadmin');
    const email = unique('invitada');
    const invited = await superadmin.client.rpc('invite_staff', { p_email: email, p_role: 'admin', p_finance: false });
    expect(invited).toMatchObject({ error: null, data: { state: 'pendiente', email } });

    const person = await signedIn(email);
    const { data: session } = await person.client.auth.getSession();
    expect(claimsOf(session.session!.access_token)).toMatchObject({ user_role: 'admin', finance: false });
    const before = await person.client.rpc('get_staff_work_counts').single();
    expect(before.error).toBeNull();

    const staff = await superadmin.client.rpc('get_staff_members');
    expect(staff.error).toBeNull();
    expect(staff.data).toEqual(expect.arrayContaining([expect.objectContaining({ email, role: 'admin', state: 'activo', user_id: person.userId })]));

    const revoked = await superadmin.client.rpc('revoke_staff_access', { p_user_id: person.userId });
    expect(revoked.error).toBeNull();

    // The same client, the same token: no refresh happened, the claims still say admin.
    const { data: still } = await person.client.auth.getSession();
    expect(claimsOf(still.session!.access_token)).toMatchObject({ user_role: 'admin' });
    const after = await person.client.rpc('get_staff_work_counts').single();
    expect(after.error).toMatchObject({ hint: 'savia:forbidden' });
    const sales = await person.client.from('sales').select('id').limit(1);
    expect(sales).toMatchObject({ error: null, data: [] });

    const listed = await superadmin.client.rpc('get_staff_members');
    expect(listed.data).toEqual(expect.arrayContaining([expect.objectContaining({ email, state: 'revocado' })]));
  });

  it('nadie se quita su propio rol de superadmin, tampoco escribiendo la tabla', async () => {
    const superadmin = await staffPersona('superadmin');
    const own = await superadmin.client.rpc('set_staff_role', { p_user_id: superadmin.userId, p_role: 'admin' });
    expect(own.error).toMatchObject({ hint: 'savia:own_role', message: 'No puedes cambiar tu propio rol: pídeselo a otro superadmin.' });
    const revokeSelf = await superadmin.client.rpc('revoke_staff_access', { p_user_id: superadmin.userId });
    expect(revokeSelf.error).toMatchObject({ hint: 'savia:own_role' });
    // The table is not written through the API at all (issue 23 §4): nothing changes.
    const direct = await superadmin.client.from('users_roles').update({ role: 'admin' }).eq('user_id', superadmin.userId).select();
    expect(direct).toMatchObject({ status: 403, error: { code: '42501' } });
    const mine = await superadmin.client.from('users_roles').select('role').eq('user_id', superadmin.userId).single();
    expect(mine.data).toEqual({ role: 'superadmin' });
  });
});
