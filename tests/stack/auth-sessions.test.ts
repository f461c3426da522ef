// Sessions after sign-in: getUser, PUT /user, refresh token rotation with GoTrue's reuse rules,
// logout scopes revoking sessions in the database, and refused tokens.
import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { anonClient, cfg, sql } from '../integration/support';
import { API_VERSION, authFetch, createUser, signInWithGoogle } from '../integration/fixtures/auth-helpers';

async function signedIn(person?: { email: string }) {
  const who = person ?? (await createUser());
  return { ...(await signInWithGoogle(who.email)), person: who };
}

const refresh = (refreshToken: string) =>
  authFetch('/token?grant_type=refresh_token', { method: 'POST', headers: API_VERSION, body: JSON.stringify({ refresh_token: refreshToken }) });

describe('the signed-in user', () => {
  it('reads and updates their own user', async () => {
    const { client, person } = await signedIn();
    const { data } = await client.auth.getUser();
    expect(data.user).toMatchObject({ email: person.email, aud: 'authenticated', role: 'authenticated' });
    const updated = await client.auth.updateUser({ data: { apodo: 'Ana', borrar: 1 } });
    expect(updated.error).toBeNull();
    expect(updated.data.user!.user_metadata).toMatchObject({ apodo: 'Ana', borrar: 1 });
    const cleared = await client.auth.updateUser({ data: { borrar: null } });
    expect(cleared.data.user!.user_metadata).toMatchObject({ apodo: 'Ana', iss: 'https://accounts.google.com' });
    expect(cleared.data.user!.user_metadata).not.toHaveProperty('borrar');
  });

  it('checks an e-mail address given to PUT /user as GoTrue does, before anything else', async () => {
    const { client, person } = await signedIn();
    const { error } = await client.auth.updateUser({ email: 'xx:;x@x.x', data: { apodo: 'no' } });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' });
    const [row] = await sql<{ email: string; raw_user_meta_data: Record<string, unknown> }>(
      'select email, raw_user_meta_data from auth.users where email = $1',
      [person.email],
    );
    expect(row.raw_user_meta_data).not.toHaveProperty('apodo');
  });
});

describe('refresh tokens', () => {
  it('rotate, hand back the missed child, and refuse an old token outside the reuse interval', async () => {
    const { session } = await signedIn();
    const t0 = session.refresh_token;
    const first = await refresh(t0);
    expect(first.status).toBe(200);
    const t1 = (await first.json()).refresh_token;
    expect(t1).not.toBe(t0);

    // t0 is the parent of the active token: the client lost that answer, so it gets t1 again.
    const lost = await refresh(t0);
    expect((await lost.json()).refresh_token).toBe(t1);

    const t2 = (await (await refresh(t1)).json()).refresh_token;
    // Pretend t0 was revoked a minute ago, beyond refresh_token_reuse_interval (10 s).
    await sql(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`, [t0]);
    const reused = await refresh(t0);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });
    // Reuse detection revoked the whole family.
    expect(await sql('select revoked from auth.refresh_tokens where token = $1', [t2])).toEqual([{ revoked: true }]);
  });

  it('refreshed twice at once (two tabs of a browser), the token gives both the same child', async () => {
    const { session } = await signedIn();
    const answers = await Promise.all([refresh(session.refresh_token), refresh(session.refresh_token)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const [a, b] = await Promise.all(answers.map((a) => a.json() as Promise<{ refresh_token: string }>));
    expect(a.refresh_token).toBe(b.refresh_token);
    expect(a.refresh_token).not.toBe(session.refresh_token);
    expect((await refresh(a.refresh_token)).status).toBe(200);
  });

  it("within the reuse interval, a revoked token that is not the active one's parent still refreshes", async () => {
    const { session } = await signedIn();
    const t0 = session.refresh_token;
    const t1 = (await (await refresh(t0)).json()).refresh_token;
    const t2 = (await (await refresh(t1)).json()).refresh_token;
    // GoTrue swaps t0 again (a third tab a few seconds behind) instead of revoking the family.
    const late = await refresh(t0);
    expect(late.status).toBe(200);
    const t3 = (await late.json()).refresh_token;
    expect([t0, t1, t2]).not.toContain(t3);
    expect((await refresh(t3)).status).toBe(200);
  });

  it('refuses an unknown refresh token', async () => {
    const res = await refresh('abcdefghijkl');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' });
  });
});

describe('logout', () => {
  it('global revokes every session: refresh and the old access token then fail', async () => {
    const { client, session, person } = await signedIn();
    const other = await signedIn(person);
    expect(await sql('select 1 from auth.sessions where user_id = $1', [session.user.id])).toHaveLength(2);
    expect((await client.auth.signOut()).error).toBeNull();
    expect(await sql('select 1 from auth.sessions where user_id = $1', [session.user.id])).toHaveLength(0);
    expect((await refresh(other.session.refresh_token)).status).toBe(400);
    const me = await authFetch('/user', { headers: { authorization: `Bearer ${session.access_token}`, ...API_VERSION } });
    expect(me.status).toBe(403);
    expect(await me.json()).toEqual({ code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' });
  });

  it('others keeps the current session and ends the rest; local ends only the current one', async () => {
    const mine = await signedIn();
    const other = await signedIn(mine.person);
    expect((await mine.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await refresh(other.session.refresh_token)).status).toBe(400);
    const stillMine = await refresh(mine.session.refresh_token);
    expect(stillMine.status).toBe(200);
    const { access_token } = await stillMine.json();
    const third = await signedIn(mine.person);
    const local = await authFetch('/logout?scope=local', { method: 'POST', headers: { authorization: `Bearer ${access_token}` } });
    expect(local.status).toBe(204);
    expect((await refresh(third.session.refresh_token)).status).toBe(200);
  });

  it('refuses an unknown scope', async () => {
    const { session } = await signedIn();
    const res = await authFetch('/logout?scope=everything', { method: 'POST', headers: { authorization: `Bearer ${session.access_token}` } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 400, error_code: 'validation_failed', msg: 'Unsupported logout scope "everything"' });
  });
});

describe('refused access tokens on /user', () => {
  it('answers 401 without a token, 403 bad_jwt for expired or forged ones', async () => {
    const none = await authFetch('/user');
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ code: 401, error_code: 'no_authorization', msg: 'This endpoint requires a valid Bearer token' });

    const { session } = await signedIn();
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({
      sub: session.user.id,
      role: 'authenticated',
      aud: 'authenticated',
      session_id: session.user.id,
      iat: now - 7200,
      exp: now - 3600,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(cfg.jwtSecret));
    const old = await authFetch('/user', { headers: { authorization: `Bearer ${expired}`, ...API_VERSION } });
    expect(old.status).toBe(403);
    expect(await old.json()).toEqual({
      code: 'bad_jwt',
      message: 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
    });

    const forged = session.access_token.slice(0, -3) + (session.access_token.endsWith('AAA') ? 'BBB' : 'AAA');
    const bad = await authFetch('/user', { headers: { authorization: `Bearer ${forged}` } });
    expect(bad.status).toBe(403);
    expect((await bad.json()).error_code).toBe('bad_jwt');

    const { error } = await anonClient().auth.getUser(expired);
    expect(error).toMatchObject({ status: 403, code: 'bad_jwt' });
  });
});
