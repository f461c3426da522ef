// Finance (costs, margins, the money of the month) is for superadmins with the finance claim: only they
// widen or narrow that circle, and the company-wide month totals are not for members.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from './support';
import { createUser, unique } from './fixtures/auth-helpers';
import { memberPersona, staffPersona, type Persona } from './fixtures/personas';

const FINANCE_ONLY = 'Solo un superadmin con acceso a finanzas puede dar o quitar ese acceso.';

let superadmin: Persona;
let finance: Persona;
beforeAll(async () => {
  superadmin = await staffPersona('superadmin');
  finance = await staffPersona('superadmin', true);
});

const financeOf = async (userId: string) =>
  (await sql<{ finance: boolean }>('select finance from public.users_roles where user_id = $1', [userId]))[0]?.finance;

describe('quién da acceso a finanzas', () => {
  // Roles and invitations change only through Usuarios' functions (issue 23 §4): each applies the
  // circle's rule; the tables refuse every write through the API.
  const refusedByTable = (answer: { error: { code?: string } | null; status: number }) => {
    expect(answer.status).toBe(403);
    expect(answer.error?.code).toBe('42501');
  };

  it('un superadmin sin finanzas no se la da a otro superadmin', async () => {
    const other = await staffPersona('superadmin');
    const { error } = await superadmin.client.rpc('set_staff_role', { p_user_id: other.userId, p_role: 'superadmin', p_finance: true });
    expect(error).toMatchObject({ code: '42501', message: FINANCE_ONLY });
    refusedByTable(await superadmin.client.from('users_roles').update({ finance: true }).eq('user_id', other.userId));
    expect(await financeOf(other.userId)).toBe(false);
  });

  it('ni crea un superadmin con finanzas, ni lo invita', async () => {
    const someone = await createUser();
    const restored = await superadmin.client.rpc('invite_staff', { p_email: someone.email, p_role: 'superadmin', p_finance: true });
    expect(restored.error).toMatchObject({ code: '42501', message: FINANCE_ONLY });
    refusedByTable(await superadmin.client.from('users_roles').insert({ user_id: someone.id, role: 'superadmin', finance: true }));
    expect(await financeOf(someone.id)).toBeUndefined();

    const email = unique('complice');
    const invited = await superadmin.client.rpc('invite_staff', { p_email: email, p_role: 'superadmin', p_finance: true });
    expect(invited.error).toMatchObject({ code: '42501', message: FINANCE_ONLY });
    refusedByTable(await superadmin.client.from('staff_invitations').insert({ email, role: 'superadmin', finance: true }));
    expect(await sql('select 1 from public.staff_invitations where email = $1', [email])).toHaveLength(0);
  });

  it('ni convierte una invitación sin finanzas en una con finanzas, ni redirige ni retira una que la tiene', async () => {
    const plain = unique('invitado');
    expect((await superadmin.client.rpc('invite_staff', { p_email: plain, p_role: 'superadmin' })).error).toBeNull();
    refusedByTable(await superadmin.client.from('staff_invitations').update({ finance: true }).eq('email', plain));

    const withFinance = unique('invitado-finanzas');
    expect((await finance.client.rpc('invite_staff', { p_email: withFinance, p_role: 'superadmin', p_finance: true })).error).toBeNull();
    refusedByTable(
      await superadmin.client
        .from('staff_invitations')
        .update({ email: unique('complice') })
        .eq('email', withFinance),
    );
    const [{ id }] = await sql<{ id: string }>('select id from public.staff_invitations where email = $1', [withFinance]);
    const withdrawn = await superadmin.client.rpc('revoke_staff_invitation', { p_invitation_id: id });
    expect(withdrawn.error).toMatchObject({ code: '42501', message: FINANCE_ONLY });
    expect(await sql('select finance, status from public.staff_invitations where email = $1', [withFinance])).toEqual([{ finance: true, status: 'pending' }]);
  });

  it('ni se la quita a quien la tiene', async () => {
    const holder = await staffPersona('superadmin', true);
    const revoked = await superadmin.client.rpc('set_staff_role', { p_user_id: holder.userId, p_role: 'superadmin', p_finance: false });
    expect(revoked.error).toMatchObject({ code: '42501', message: FINANCE_ONLY });
    const removed = await superadmin.client.rpc('revoke_staff_access', { p_user_id: holder.userId });
    expect(removed.error).toMatchObject({ code: '42501', message: FINANCE_ONLY });
    refusedByTable(await superadmin.client.from('users_roles').delete().eq('user_id', holder.userId));
    expect(await financeOf(holder.userId)).toBe(true);
  });

  it('un superadmin con finanzas la da y la quita', async () => {
    const other = await staffPersona('superadmin');
    expect((await finance.client.rpc('set_staff_role', { p_user_id: other.userId, p_role: 'superadmin', p_finance: true })).error).toBeNull();
    expect(await financeOf(other.userId)).toBe(true);
    expect((await finance.client.rpc('set_staff_role', { p_user_id: other.userId, p_role: 'superadmin', p_finance: false })).error).toBeNull();
    expect(await financeOf(other.userId)).toBe(false);
  });
});

describe('las cifras del mes de toda la empresa', () => {
  const MONEY = ['forfeited_amount', 'volume_bonus_amount', 'income_available'];

  it('un miembro ve qué meses están cerrados, no las cifras de la empresa', async () => {
    const member = await memberPersona();
    const summary = await member.client.from('periods').select('month, summary');
    expect(summary.error?.code).toBe('42501');
    expect(summary.data).toBeNull();
    const all = await member.client.from('periods').select('*');
    expect(all.error?.code).toBe('42501');

    const months = await member.client.from('periods').select('month, status, closed_at').eq('status', 'closed');
    expect(months.error).toBeNull();
    expect(months.data!.length).toBeGreaterThan(0); // the seed closes four months

    const rpc = await member.client.rpc('get_period_summaries');
    expect(rpc.error).toMatchObject({ code: 'P0001', hint: 'savia:forbidden' });
  });

  it('el personal ve los recuentos del cierre; las cifras de dinero, solo con finanzas', async () => {
    const admin = await staffPersona('admin');
    const counts = await admin.client.rpc('get_period_summaries');
    expect(counts.error).toBeNull();
    const closed = counts.data.filter((p: { status: string }) => p.status === 'closed');
    expect(closed.length).toBeGreaterThan(0);
    for (const p of closed) {
      expect(p.summary).toHaveProperty('members');
      expect(p.summary).toHaveProperty('active');
      for (const key of MONEY) expect(p.summary).not.toHaveProperty(key);
    }
    const forSuperadmin = await superadmin.client.rpc('get_period_summaries');
    for (const p of forSuperadmin.data) for (const key of MONEY) expect(p.summary ?? {}).not.toHaveProperty(key);

    const withFinance = await finance.client.rpc('get_period_summaries');
    const closedWithFinance = withFinance.data.filter((p: { status: string }) => p.status === 'closed');
    for (const p of closedWithFinance) for (const key of MONEY) expect(p.summary).toHaveProperty(key);
  });
});
