// Nobody gets in with a password: the e-mail provider is off (supabase/config.toml), so Google and
// before_user_created are the only door. For every persona, setting a password with PUT /auth/v1/user
// is answered as GoTrue answers it with the provider off (stored, 200), and that password opens no
// session: grant_type=password answers 422 email_provider_disabled, whoever asks and whatever they type.
import { describe, expect, it } from 'vitest';
import { API_VERSION, authFetch, unique } from './fixtures/auth-helpers';
import { memberPersona, signedIn, staffPersona, type Persona } from './fixtures/personas';
import { anonClient, cfg, sql } from './support';

const PASSWORD = 'una-clave-larga-1';
const EMAIL_LOGINS_DISABLED = { status: 422, code: 'email_provider_disabled', message: 'Email logins are disabled' };
const sessionsOf = async (userId: string) => Number((await sql<{ n: string }>('select count(*) as n from auth.sessions where user_id = $1', [userId]))[0].n);

const personas: [string, () => Promise<Persona>][] = [
  ['una cuenta sin rol', () => signedIn(unique('sinrol'))],
  ['un miembro', () => memberPersona()],
  ['un admin', () => staffPersona('admin')],
  ['un superadmin', () => staffPersona('superadmin')],
  ['un superadmin con finanzas', () => staffPersona('superadmin', true)],
];

describe('Inicio de sesión con contraseña', () => {
  it('anon no fija contraseña sin sesión ni entra con la de nadie', async () => {
    const noToken = await authFetch('/user', { method: 'PUT', headers: { apikey: cfg.anonKey, ...API_VERSION }, body: JSON.stringify({ password: PASSWORD }) });
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toEqual({ code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' });
    const anonToken = await authFetch('/user', {
      method: 'PUT',
      headers: { apikey: cfg.anonKey, authorization: `Bearer ${cfg.anonKey}`, ...API_VERSION },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(anonToken.status).toBe(403);
    expect(await anonToken.json()).toEqual({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' });
    for (const email of ['sofia.finanzas@savia.test', 'maria.activa@savia.test', unique('nadie')]) {
      const { error } = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
      expect(error).toMatchObject(EMAIL_LOGINS_DISABLED);
    }
  });

  it.each(personas)('%s fija una contraseña (como en GoTrue) y con ella no entra', async (_who, persona) => {
    const { client, userId, email } = await persona();
    expect(await sessionsOf(userId)).toBe(1);
    const set = await client.auth.updateUser({ password: PASSWORD });
    expect(set.error).toBeNull();
    const { data, error } = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toMatchObject(EMAIL_LOGINS_DISABLED);
    expect(data.session).toBeNull();
    expect(await sessionsOf(userId)).toBe(1);
  });
});
