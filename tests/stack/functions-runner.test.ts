// Edge functions through the gateway, served by Deno from tests/stack/fixtures/functions (the test
// stack sets SAVIA_EXTRA_FUNCTIONS_DIR): JWT verification as `supabase functions serve` does it,
// verify_jwt = false from the fixtures' config.toml, the Supabase variables, and boot failures.
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signJwt } from '../../scripts/lib/jwt.mjs';
import { anonClient, cfg } from '../integration/support';

const functionsUrl = `${cfg.apiUrl}/functions/v1`;
const fixturesDir = join(import.meta.dirname, 'fixtures/functions');

async function userToken(expiresInSeconds = 3600, secret = cfg.jwtSecret) {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ sub: randomUUID(), role: 'authenticated', aud: 'authenticated', iat: now, exp: now + expiresInSeconds }, secret);
}

describe('functions runner', () => {
  it('runs a function for supabase-js with the Supabase variables and the caller header', async () => {
    const { data, error } = await anonClient().functions.invoke('echo', { body: { hola: 'mundo' } });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      method: 'POST',
      path: '/echo',
      body: JSON.stringify({ hola: 'mundo' }),
      hasAuthorization: true,
      envNames: [
        'SUPABASE_ANON_KEY',
        'SUPABASE_DB_URL',
        'SUPABASE_JWKS',
        'SUPABASE_PUBLISHABLE_KEYS',
        'SUPABASE_SECRET_KEYS',
        'SUPABASE_SERVICE_ROLE_KEY',
        'SUPABASE_URL',
      ],
      supabaseUrl: cfg.apiUrl,
      leaksStackVariables: false,
    });
  });

  it('accepts a user token and forwards sub-paths and query strings', async () => {
    const res = await fetch(`${functionsUrl}/echo/orders/7?status=Pagada`, { headers: { authorization: `Bearer ${await userToken()}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ method: 'GET', path: '/echo/orders/7', query: { status: 'Pagada' } });
  });

  it('refuses a call without an authorization header', async () => {
    const res = await fetch(`${functionsUrl}/echo`, { method: 'POST' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ msg: 'Error: Missing authorization header' });
  });

  it.each([
    ['a forged signature', async () => userToken(3600, 'another-secret-that-is-at-least-32-characters')],
    ['an expired token', async () => userToken(-60)],
  ])('refuses %s with Invalid JWT', async (_label, token) => {
    const res = await fetch(`${functionsUrl}/echo`, { headers: { authorization: `Bearer ${await token()}` } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ msg: 'Invalid JWT' });
  });

  it('refuses malformed authorization headers', async () => {
    const basic = await fetch(`${functionsUrl}/echo`, { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.status).toBe(401);
    expect(await basic.json()).toEqual({ msg: "Error: Auth header is not 'Bearer {token}'" });
    const garbage = await fetch(`${functionsUrl}/echo`, { headers: { authorization: 'Bearer not.a.jwt' } });
    expect(garbage.status).toBe(401);
  });

  it('lets anyone call a function configured with verify_jwt = false, on the port the runner chose', async () => {
    const res = await fetch(`${functionsUrl}/open-echo`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ open: true, hasAuthorization: false });
  });

  it('answers 404 for unknown functions and names that try to leave the folder', async () => {
    for (const name of ['no-such-function', '..%2Fecho', '_shared', '.hidden']) {
      const res = await fetch(`${functionsUrl}/${name}`, { headers: { authorization: `Bearer ${cfg.anonKey}` } });
      expect(res.status).toBe(404);
      expect(await res.text()).toBe('Function not found');
    }
  });

  it('answers BOOT_ERROR, promptly and repeatedly, when a function fails to load', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const started = Date.now();
      const res = await fetch(`${functionsUrl}/boot-failure`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });
      expect(Date.now() - started).toBeLessThan(5000);
    }
  });

  it('resolves npm: imports and reaches the local API with the service role key', async () => {
    const { data, error } = await anonClient().functions.invoke('supabase-client');
    expect(error).toBeNull();
    expect(data).toMatchObject({ ok: true, error: null });
    expect(typeof data.bucketCount).toBe('number');
  });

  it('serves a new function without a restart and reloads it when its source changes', async () => {
    const name = `it-reload-${randomUUID().slice(0, 8)}`;
    const dir = join(fixturesDir, name);
    const write = (text: string, secondsAhead: number) => {
      writeFileSync(join(dir, 'index.ts'), `Deno.serve(() => new Response(${JSON.stringify(text)}));\n`);
      const when = new Date(Date.now() + secondsAhead * 1000);
      utimesSync(join(dir, 'index.ts'), when, when);
    };
    mkdirSync(dir);
    try {
      write('v1', 0);
      const headers = { authorization: `Bearer ${cfg.anonKey}` };
      expect(await (await fetch(`${functionsUrl}/${name}`, { headers })).text()).toBe('v1');
      write('v2', 5);
      expect(await (await fetch(`${functionsUrl}/${name}`, { headers })).text()).toBe('v2');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
