// A member's e-mail is the key Google sign-in is matched on (the before_user_created hook and the link
// trigger): changing it must never hand the member's account, and their balance, to someone else.
import { describe, expect, it } from 'vitest';
import { anonClient, sql } from './support';
import { REDIRECT_TO, chooseAccount, unique } from './fixtures/auth-helpers';
import { registeredMember, staffPersona } from './fixtures/personas';

/** «Continuar con Google» with `email` in the account chooser; answers the session's user or the refusal. */
async function googleSignIn(email: string) {
  const client = anonClient();
  const { data } = await client.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: REDIRECT_TO, skipBrowserRedirect: true } });
  const location = new URL(await chooseAccount(data.url!, email));
  const code = location.searchParams.get('code');
  if (!code) return { client, userId: null, error: location.searchParams.get('error') };
  const session = await client.auth.exchangeCodeForSession(code);
  return { client, userId: session.data.user?.id ?? null, error: session.error?.message ?? null };
}

const linkedLogin = async (clientId: string) =>
  (await sql<{ auth_uid: string | null; email: string }>('select auth_uid, email from public.clients where id = $1', [clientId]))[0];

describe('el correo de un miembro no entrega su cuenta', () => {
  it('un admin no cambia el correo de un miembro aprobado que aún no ha entrado, ni puede entrar como él', async () => {
    const admin = await staffPersona('admin');
    const victim = await registeredMember();
    const mine = unique('admin-propio');

    const changed = await admin.client.from('clients').update({ email: mine }).eq('id', victim.id).select('id');
    expect(changed.error).toMatchObject({
      code: '42501',
      message: 'Solo un superadmin puede cambiar el correo de un miembro aprobado: es con el que entra a Savia.',
    });
    expect(await linkedLogin(victim.id)).toEqual({ auth_uid: null, email: victim.email });

    // Had the change gone through, this sign-in would have been linked to the member (and their balance).
    const attempt = await googleSignIn(mine);
    expect(attempt.error).toBe('access_denied');
    expect(await linkedLogin(victim.id)).toEqual({ auth_uid: null, email: victim.email });
  });

  it('un admin corrige el correo de un enrolamiento pendiente (nadie puede entrar con él todavía)', async () => {
    const admin = await staffPersona('admin');
    const [pending] = await sql<{ id: string }>(`insert into public.clients (name, email) values ('Pendiente de Prueba', $1) returning id`, [unique('errata')]);
    const corrected = unique('corregido');
    const { data, error } = await admin.client.from('clients').update({ email: corrected }).eq('id', pending.id).select('email');
    expect(error).toBeNull();
    expect(data).toEqual([{ email: corrected }]);
  });

  it('un superadmin corrige el correo de un miembro aprobado y el miembro entra con el nuevo', async () => {
    const superadmin = await staffPersona('superadmin');
    const member = await registeredMember();
    const corrected = unique('correo-real');
    const { error } = await superadmin.client.from('clients').update({ email: corrected }).eq('id', member.id);
    expect(error).toBeNull();

    const signIn = await googleSignIn(corrected);
    expect(signIn.error).toBeNull();
    expect(await linkedLogin(member.id)).toEqual({ auth_uid: signIn.userId, email: corrected });
  });

  it('un correo de un miembro que ya tiene cuenta no crea una segunda cuenta sin rol', async () => {
    const superadmin = await staffPersona('superadmin');
    const member = await registeredMember();
    const first = await googleSignIn(member.email);
    expect(first.error).toBeNull();
    const second = unique('segunda-cuenta');
    await superadmin.client.from('clients').update({ email: second }).eq('id', member.id).throwOnError();

    const attempt = await googleSignIn(second);
    expect(attempt.error).toBe('access_denied');
    expect(await sql('select 1 from auth.users where lower(email) = lower($1)', [second])).toHaveLength(0);
    expect(await linkedLogin(member.id)).toEqual({ auth_uid: first.userId, email: second });
  });
});
