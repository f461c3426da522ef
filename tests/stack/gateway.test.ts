// The gateway behaves like Supabase's: apikey required where Kong requires it, CORS answered,
// unknown routes refused, and the apikey's role applied to REST when no user token is sent.
import { describe, expect, it } from 'vitest';
import { cfg } from '../integration/support';

describe('gateway', () => {
  it('refuses REST without an apikey, with Supabase message', async () => {
    const res = await fetch(`${cfg.apiUrl}/rest/v1/`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
  });

  it('refuses a forged apikey', async () => {
    const forged = cfg.anonKey.slice(0, -4) + 'abcd';
    const res = await fetch(`${cfg.apiUrl}/rest/v1/clients`, { headers: { apikey: forged } });
    expect(res.status).toBe(401);
    expect(res.headers.get('sb-error-code')).toBe('UNAUTHORIZED_INVALID_API_KEY');
    expect(await res.json()).toEqual({ message: 'Invalid API key' });
  });

  it('accepts the service role key and forwards to PostgREST', async () => {
    const res = await fetch(`${cfg.apiUrl}/rest/v1/`, { headers: { apikey: cfg.serviceRoleKey } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await res.json()) as { info: { version: string } };
    expect(body.info.version).toMatch(/^12\./);
  });

  it('answers CORS preflights without an apikey, echoing the requested headers', async () => {
    const res = await fetch(`${cfg.apiUrl}/rest/v1/clients`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://example.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey,authorization,content-type,x-client-info',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toBe('apikey,authorization,content-type,x-client-info');
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
  });

  it('answers unknown routes with 404 in Kong shape', async () => {
    const res = await fetch(`${cfg.apiUrl}/graphql/v2/../../etc/passwd`, { headers: { apikey: cfg.anonKey } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'no Route matched with those values' });
  });

  it('requires the apikey on auth routes but leaves /authorize open', async () => {
    const settings = await fetch(`${cfg.apiUrl}/auth/v1/settings`);
    expect(settings.status).toBe(401);
    const authorize = await fetch(`${cfg.apiUrl}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(cfg.siteUrl)}`, { redirect: 'manual' });
    expect(authorize.status).not.toBe(401);
  });
});
