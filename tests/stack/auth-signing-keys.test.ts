// Emulator conformance: Auth signs session tokens with an asymmetric key (ES256, with its `kid`)
// and publishes the public key set at /auth/v1/.well-known/jwks.json, as new projects do. REST,
// storage, functions and Auth verify through that set, and still through the legacy HS256 secret;
// a token signed with any other key is refused; supabase-js getClaims() verifies locally.
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { createLocalJWKSet, decodeProtectedHeader, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signJwt } from '../../scripts/lib/jwt.mjs';
import { createUser, signInWithGoogle } from '../integration/fixtures/auth-helpers';
import { cfg, memoryStorage, sql } from '../integration/support';

const JWKS_URL = `${cfg.apiUrl}/auth/v1/.well-known/jwks.json`;

async function signIn() {
  const person = await createUser();
  const requests: string[] = [];
  const client = createClient(cfg.apiUrl, cfg.publishableKey, {
    auth: { flowType: 'pkce', persistSession: true, autoRefreshToken: false, detectSessionInUrl: false, storage: memoryStorage() },
    global: { fetch: (input, init) => (requests.push(String(input instanceof Request ? input.url : input)), fetch(input, init)) },
    realtime: { transport: WebSocket as never },
  });
  const { session } = await signInWithGoogle(person.email, client);
  return { person, client, token: session.access_token, requests };
}

/** The same claims a session token carries, signed with a key the project does not know. */
async function foreignToken(sub: string, kid: string) {
  const { privateKey } = await generateKeyPair('ES256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 600 })
    .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
    .sign(privateKey);
}

/** What REST, storage, functions and Auth answer to a bearer token. */
async function everyServiceWith(token: string) {
  const authorization = `Bearer ${token}`;
  const headers = { apikey: cfg.publishableKey, authorization };
  const [rest, storage, functions, auth] = await Promise.all([
    fetch(`${cfg.apiUrl}/rest/v1/users_roles?select=user_id`, { headers }),
    fetch(`${cfg.apiUrl}/storage/v1/bucket`, { headers }),
    fetch(`${cfg.apiUrl}/functions/v1/echo`, { headers }),
    fetch(`${cfg.apiUrl}/auth/v1/user`, { headers }),
  ]);
  return { rest, storage, functions, auth };
}

describe('the signing key set', () => {
  it('is published at /auth/v1/.well-known/jwks.json, to anyone, without private parts', async () => {
    const res = await fetch(JWKS_URL);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    const { keys } = await res.json();
    expect(keys).toEqual([
      { kty: 'EC', kid: cfg.signingKey.kid, use: 'sig', alg: 'ES256', ext: true, crv: 'P-256', x: cfg.signingKey.x, y: cfg.signingKey.y, key_ops: ['verify'] },
    ]);
  });

  it('signs session tokens with ES256 and the kid it publishes, and PostgREST accepts them', async () => {
    const { person, token } = await signIn();
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'ES256', kid: cfg.signingKey.kid, typ: 'JWT' });
    const { keys } = await (await fetch(JWKS_URL)).json();
    const { payload } = await jwtVerify(token, createLocalJWKSet({ keys }));
    expect(payload).toMatchObject({ sub: person.id, role: 'authenticated', aud: 'authenticated' });

    await sql(`insert into public.users_roles (user_id, role) values ($1, 'admin')`, [person.id]);
    const { rest, storage, functions, auth } = await everyServiceWith(token);
    expect(await rest.json()).toEqual([{ user_id: person.id }]);
    expect(storage.status).toBe(200);
    expect(functions.status).toBe(200);
    expect(await auth.json()).toMatchObject({ id: person.id });
  });

  it('lets supabase-js getClaims() verify a session locally, without asking Auth', async () => {
    const { person, client, requests } = await signIn();
    requests.length = 0;
    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data!.claims).toMatchObject({ sub: person.id, role: 'authenticated' });
    expect(data!.header).toMatchObject({ alg: 'ES256', kid: cfg.signingKey.kid });
    expect(requests).toEqual([JWKS_URL]);

    // A token with the right kid but another key's signature fails the local check.
    const forged = await foreignToken(person.id, cfg.signingKey.kid);
    const refused = await client.auth.getClaims(forged);
    expect(refused.data).toBeNull();
    expect(refused.error).toMatchObject({ message: 'Invalid JWT signature' });
  });

  it('still accepts legacy HS256 tokens everywhere', async () => {
    const person = await createUser();
    await sql(`insert into public.users_roles (user_id, role) values ($1, 'admin')`, [person.id]);
    const now = Math.floor(Date.now() / 1000);
    const legacy: string = await signJwt({ sub: person.id, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 600 }, cfg.jwtSecret);
    const { rest, storage, functions, auth } = await everyServiceWith(legacy);
    expect(await rest.json()).toEqual([{ user_id: person.id }]);
    expect(storage.status).toBe(200);
    expect(functions.status).toBe(200);
    expect(await auth.json()).toMatchObject({ id: person.id });
  });

  it.each([
    ['the published kid', () => cfg.signingKey.kid],
    ['a kid of its own', () => randomUUID()],
  ])('refuses a token signed with another EC key under %s in REST, storage, functions and Auth', async (_label, kid) => {
    const person = await createUser();
    const token = await foreignToken(person.id, kid());
    const { rest, storage, functions, auth } = await everyServiceWith(token);
    expect(rest.status).toBe(401);
    expect(await rest.json()).toMatchObject({ code: 'PGRST301' });
    expect(storage.status).toBe(400);
    expect(await storage.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
    expect(functions.status).toBe(401);
    expect(await functions.json()).toEqual({ msg: 'Invalid JWT' });
    expect(auth.status).toBe(403);
    expect(await auth.json()).toMatchObject({ error_code: 'bad_jwt' });
  });

  it('answers GoTrue message for a kid it does not know', async () => {
    const person = await createUser();
    const kid = randomUUID();
    const res = await fetch(`${cfg.apiUrl}/auth/v1/user`, {
      headers: { apikey: cfg.publishableKey, authorization: `Bearer ${await foreignToken(person.id, kid)}` },
    });
    expect(await res.json()).toEqual({
      code: 403,
      error_code: 'bad_jwt',
      msg: `invalid JWT: unable to parse or verify signature, token is unverifiable: error while executing keyfunc: unrecognized JWT kid ${kid} for algorithm ES256`,
    });
  });
});
