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
  it('un superadmin sin finanzas no se la da a otro superadmin', async () => {
    const other = await staffPersona('superadmin');
    const { error } = await superadmin.client.from('users_roles').update({ finance: true }).eq('user_id', other.userId);
    expect(error).toMatchObject({ code: '42501', message: FINANCE_ONLY });
    expect(await financeOf(other.userId)).toBe(false);
  });

  it('ni crea un superadmin con finanzas, ni lo invita', async () => {
    const someone = await createUser();
    const inserted = await superadmin.client.from('users_roles').insert({ user_id: someone.id, role: 'superadmin', finance: true });
    expect(inserted.error).toMatchObject({ code: '42501', message: FINANCE_ONLY });
    expect(await financeOf(someone.id)).toBeUndefined();

    const email = unique('complice');
    const invited = await superadmin.client.from('staff_invitations').insert({ email, role: 'superadmin', finance: true });
    expect(invited.error).toMatchObject({ code: '42501', message: FINANCE_ONLY });
    expect(await sql('select 1 from public.staff_invitations where email = $1', [email])).toHaveLength(0);
  });

  it('ni convierte una invitación sin finanzas en una con finanzas, ni redirige una que la tiene', async () => {
    const plain = unique('invitado');
    await superadmin.client.from('staff_invitations').insert({ email: plain, role: 'superadmin' }).throwOnError();
    const widened = await superadmin.client.from('staff_invitations').update({ finance: true }).eq('email', plain);
    expect(widened.error).toMatchObject({ code: '42501', message: FINANCE_ONLY });

    const withFinance = unique('invitado-finanzas');
    await finance.client.from('staff_invitations').insert({ email: withFinance, role: 'superadmin', finance: true }).throwOnError();
    const redirected = await superadmin.client
      .from('staff_invitations')
      .update({ email: unique('complice') })
      .eq('email', withFinance);
    expect(redirected.error).toMatchObject({ code: '42501', message: FINANCE_ONLY });
    expect(await sql('select finance from public.staff_invitations where email = $1', [withFinance])).toEqual([{ finance: true }]);
  });

  it('ni se la quita a quien la tiene', async () => {
    const holder = await staffPersona('superadmin', true);
    const revoked = await superadmin.client.from('users_roles').update({ finance: false }).eq('user_id', holder.userId);
    expect(revoked.error).toMatchObject({ code: '42501', message: FINANCE_ONLY });
    const removed = await superadmin.client.from('users_roles').delete().eq('user_id', holder.userId);
    expect(removed.error).toMatchObject({ code: '42501', message: FINANCE_ONLY });
    expect(await financeOf(holder.userId)).toBe(true);
  });

  it('un superadmin con finanzas la da y la quita', async () => {
    const other = await staffPersona('superadmin');
    await finance.client.from('users_roles').update({ finance: true }).eq('user_id', other.userId).throwOnError();
    expect(await financeOf(other.userId)).toBe(true);
    await finance.client.from('users_roles').update({ finance: false }).eq('user_id', other.userId).throwOnError();
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
