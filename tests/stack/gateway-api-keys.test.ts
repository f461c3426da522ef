// Emulator conformance: the gateway takes the publishable and secret keys that `supabase start`
// prints beside the legacy JWT keys, as Supabase's gateway does. The key travels on `apikey` (or
// repeats itself as the bearer, as supabase-js sends it); the gateway puts a short-lived JWT for
// `anon` or `service_role` in `Authorization` unless a user token is there; unknown keys, secret
// keys from a browser and non-service keys on the OpenAPI root get the hosted gateway's answers.
import { describe, expect, it } from 'vitest';
import { createUser, signInWithGoogle } from '../integration/fixtures/auth-helpers';
import { anonClient, cfg, serviceClient, sql } from '../integration/support';

const REST = `${cfg.apiUrl}/rest/v1`;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const decodePayload = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

const rest = (path: string, headers: Record<string, string>) => fetch(`${REST}${path}`, { headers });
/**
 * Reports a made-up outcome for a notification's e-mail, which only send-notifications (service_role)
 * may do. A project created today grants service_role only what the migrations grant it, and this
 * function is one of those: service_role passes the check and meets the outcome's refusal
 * (savia:invalid_outcome, nothing written); anon has no EXECUTE at all (401).
 */
async function asksAsServiceRole(headers: Record<string, string>) {
  const res = await fetch(`${REST}/rpc/finish_notification_email`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ p_id: 0, p_attempt: 1, p_outcome: 'ninguno' }),
  });
  return { status: res.status, body: await res.json() };
}

describe('publishable and secret keys', () => {
  it.each([
    ['on apikey alone', { apikey: cfg.publishableKey }],
    ['repeated as the bearer, as supabase-js sends it', { apikey: cfg.publishableKey, authorization: `Bearer ${cfg.publishableKey}` }],
    ['the legacy anon key', { apikey: cfg.anonKey }],
  ])('the publishable key reads as anon through REST: %s', async (_label, headers) => {
    const granted = await rest('/metadata?select=id&id=eq.app_settings', headers);
    expect(granted.status).toBe(200);
    expect(await granted.json()).toEqual([{ id: 'app_settings' }]);
    // PostgREST answers a missing privilege with 401 only for anon (403 for any other role).
    const refused = await rest('/users_roles?select=user_id', headers);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: '42501' });
  });

  it.each([
    ['on apikey alone', { apikey: cfg.secretKey }],
    ['repeated as the bearer', { apikey: cfg.secretKey, authorization: `Bearer ${cfg.secretKey}` }],
    ['the legacy service_role key', { apikey: cfg.serviceRoleKey }],
  ])('the secret key acts as service_role: %s', async (_label, headers) => {
    expect(await asksAsServiceRole(headers)).toMatchObject({ status: 400, body: { hint: 'savia:invalid_outcome' } });
  });

  it('refuses the same call with the publishable key (anon may not execute it)', async () => {
    expect(await asksAsServiceRole({ apikey: cfg.publishableKey })).toMatchObject({ status: 401, body: { code: '42501' } });
  });

  it('keeps a user token in Authorization beside the publishable key', async () => {
    const person = await createUser();
    await sql(`insert into public.users_roles (user_id, role) values ($1, 'admin')`, [person.id]);
    const { session } = await signInWithGoogle(person.email);
    const res = await rest('/users_roles?select=user_id,role', { apikey: cfg.publishableKey, authorization: `Bearer ${session.access_token}` });
    expect(await res.json()).toEqual([{ user_id: person.id, role: 'admin' }]);
  });

  it('mints a short-lived ES256 token for the key role, which a function receives', async () => {
    for (const [key, role] of [
      [cfg.publishableKey, 'anon'],
      [cfg.secretKey, 'service_role'],
    ]) {
      // No Authorization at all: the function is verify_jwt = true and still runs, as on hosted.
      const res = await fetch(`${cfg.apiUrl}/functions/v1/echo`, { headers: { apikey: key } });
      expect(res.status).toBe(200);
      const { token, apikey } = await res.json();
      expect(apikey).toBe(key);
      expect(token.header).toEqual({ alg: 'ES256', kid: cfg.signingKey.kid, typ: 'JWT' });
      expect(token.claims).toMatchObject({ role });
      expect(token.claims.exp - Date.now() / 1000).toBeGreaterThan(60);
      expect(token.claims.exp - token.claims.iat).toBeLessThanOrEqual(300);
    }
    const { data } = await serviceClient().functions.invoke('echo');
    expect(data.token.claims.role).toBe('service_role');
  });

  it('gives functions the keys and the key set hosted functions get', async () => {
    const { data } = await anonClient().functions.invoke('echo');
    expect(JSON.parse(data.keys.publishable)).toEqual({ default: cfg.publishableKey });
    expect(JSON.parse(data.keys.secret)).toEqual({ default: cfg.secretKey });
    expect(JSON.parse(data.keys.jwks).keys).toEqual([expect.objectContaining({ kid: cfg.signingKey.kid, alg: 'ES256' })]);
    expect(JSON.parse(data.keys.jwks).keys[0]).not.toHaveProperty('d');
  });

  it('serves auth and storage with either kind of key', async () => {
    const users = await serviceClient().auth.admin.listUsers({ page: 1, perPage: 1 });
    expect(users.error).toBeNull();
    expect(users.data.users).toHaveLength(1);
    const buckets = await serviceClient().storage.listBuckets();
    expect(buckets.error).toBeNull();
    expect(buckets.data!.map((b) => b.id)).toEqual((await sql<{ id: string }>('select id from storage.buckets order by name')).map((b) => b.id));

    const settings = await fetch(`${cfg.apiUrl}/auth/v1/settings`, { headers: { apikey: cfg.publishableKey } });
    expect(settings.status).toBe(200);
    // The publishable key is anon: the admin API refuses the token minted for it.
    const admin = await fetch(`${cfg.apiUrl}/auth/v1/admin/users`, { headers: { apikey: cfg.publishableKey } });
    expect(admin.status).toBe(403);
    expect(await admin.json()).toMatchObject({ error_code: 'not_admin' });
  });
});

describe('refusals', () => {
  it.each([
    ['/rest/v1/metadata', 'sb_publishable_XXXXXXXXXXXXXXXXXXXXXX_XXXXXXXX'],
    ['/rest/v1/metadata', 'sb_secret_XXXXXXXXXXXXXXXXXXXXXX_XXXXXXXX'],
    ['/auth/v1/settings', 'sb_publishable_XXXXXXXXXXXXXXXXXXXXXX_XXXXXXXX'],
    ['/storage/v1/bucket', 'sb_secret_XXXXXXXXXXXXXXXXXXXXXX_XXXXXXXX'],
    ['/functions/v1/open-echo', 'sb_publishable_XXXXXXXXXXXXXXXXXXXXXX_XXXXXXXX'],
  ])('refuses an unknown key on %s with the hosted answer', async (path, key) => {
    const res = await fetch(`${cfg.apiUrl}${path}`, { headers: { apikey: key, authorization: `Bearer ${key}` } });
    expect(res.status).toBe(401);
    expect(res.headers.get('sb-error-code')).toBe('UNAUTHORIZED_INVALID_API_KEY');
    expect(await res.json()).toEqual({ message: 'Invalid API key' });
  });

  it('refuses an opaque key as the bearer when it is not the request API key', async () => {
    const res = await rest('/metadata', { apikey: cfg.publishableKey, authorization: `Bearer ${cfg.secretKey}` });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Invalid API key' });
  });

  it('refuses the secret key from a browser, and only the secret key', async () => {
    for (const path of ['/rest/v1/metadata', '/storage/v1/bucket', '/functions/v1/echo']) {
      const res = await fetch(`${cfg.apiUrl}${path}`, { headers: { apikey: cfg.secretKey, 'user-agent': BROWSER } });
      expect(res.status).toBe(401);
      expect(res.headers.get('sb-error-code')).toBe('UNAUTHORIZED_INVALID_API_KEY_TYPE');
      expect(await res.json()).toEqual({
        message: 'Forbidden use of secret API key in browser',
        hint: 'Secret API keys can only be used in a protected environment and should never be used in a browser. Delete this secret API key immediately!',
      });
    }
    expect((await rest('/metadata?select=company_name', { apikey: cfg.publishableKey, 'user-agent': BROWSER })).status).toBe(200);
    // The legacy service_role JWT is not matched on the User-Agent (hosted does not either).
    expect((await asksAsServiceRole({ apikey: cfg.serviceRoleKey, 'user-agent': BROWSER })).body.hint).toBe('savia:invalid_outcome');
    expect((await asksAsServiceRole({ apikey: cfg.secretKey, 'user-agent': 'node' })).body.hint).toBe('savia:invalid_outcome');
  });

  it('keeps the OpenAPI description for the service role', async () => {
    for (const key of [cfg.publishableKey, cfg.anonKey]) {
      const res = await fetch(`${REST}/`, { headers: { apikey: key } });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Invalid API key', hint: 'Only the `service_role` API key can be used for this endpoint.' });
    }
    expect((await fetch(`${REST}/`, { headers: { apikey: cfg.secretKey } })).status).toBe(200);
  });

  it('never takes a user token as an API key', async () => {
    const person = await createUser();
    const token = (await signInWithGoogle(person.email)).session.access_token;
    expect(decodePayload(token).role).toBe('authenticated');
    const res = await rest('/metadata', { apikey: token });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Invalid API key' });
  });
});
