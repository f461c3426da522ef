// Hostile or clumsy requests get a clean 4xx in GoTrue's (or the gateway's) shape, and nothing
// is written.
import { describe, expect, it } from 'vitest';
import { cfg, sql } from '../integration/support';
import { API_VERSION, AUTH, authFetch, createUser } from '../integration/fixtures/auth-helpers';

const countSessions = async () => Number((await sql<{ n: string }>('select count(*) as n from auth.sessions'))[0].n);

describe('auth bad input', () => {
  it('needs the apikey (gateway 401 in Supabase shape)', async () => {
    const res = await fetch(`${AUTH}/token?grant_type=password`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
  });

  it('answers malformed JSON with bad_json and writes nothing', async () => {
    const person = await createUser();
    const before = await countSessions();
    for (const body of ['{"email":', '[1,2]', '"text"', '']) {
      const res = await authFetch('/token?grant_type=password', { method: 'POST', headers: API_VERSION, body });
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe('bad_json');
    }
    const wrongType = await authFetch('/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email: person.email, password: 12345678 }) });
    expect(wrongType.status).toBe(400);
    expect((await wrongType.json()).error_code).toBe('bad_json');
    expect(await countSessions()).toBe(before);
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const res = await authFetch('/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email: 'x'.repeat(1.5 * 1024 * 1024) }) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 413, error_code: 'request_entity_too_large', msg: 'Request body too large (max 1048576 bytes)' });
  });

  it('answers unknown routes, wrong methods and unknown grants in GoTrue shape', async () => {
    const missing = await authFetch('/signup-with-magic', { method: 'POST', body: '{}' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ code: 404, error_code: 'unknown', msg: '404 page not found' });
    const method = await authFetch('/token', { method: 'DELETE' });
    expect(method.status).toBe(405);
    expect((await method.json()).code).toBe(405);
    const grant = await authFetch('/token?grant_type=magic', { method: 'POST', body: '{}', headers: API_VERSION });
    expect(grant.status).toBe(400);
    expect(await grant.json()).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
  });

  it('says so when GoTrue has the route and the emulator does not implement it', async () => {
    const notHere = { code: 404, error_code: 'unknown', msg: '404 page not found (not implemented by the local auth emulator)' };
    for (const [method, path] of [
      ['POST', '/magiclink'],
      ['POST', '/otp'],
      ['GET', '/verify?token=x'],
      ['POST', '/factors'],
      ['GET', '/.well-known/openid-configuration'],
    ]) {
      const res = await authFetch(path, { method, ...(method === 'POST' ? { body: '{}' } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json()).toEqual(notHere);
    }
    const person = await createUser();
    const factors = await authFetch(`/admin/users/${person.id}/factors`, { headers: { authorization: `Bearer ${cfg.serviceRoleKey}` } });
    expect(await factors.json()).toEqual(notHere);
  });

  it('checks PKCE and refresh parameters before looking anything up', async () => {
    const pkce = await authFetch('/token?grant_type=pkce', { method: 'POST', body: JSON.stringify({ auth_code: 'x' }) });
    expect(pkce.status).toBe(400);
    expect((await pkce.json()).msg).toBe('invalid request: both auth code and code verifier should be non-empty');
    const short = await authFetch('/token?grant_type=refresh_token', { method: 'POST', body: JSON.stringify({ refresh_token: "x' or 1=1" }) });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ code: 400, error_code: 'validation_failed', msg: 'Refresh token is not valid' });
    const empty = await authFetch('/token?grant_type=refresh_token', { method: 'POST', body: '{}' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: 'invalid_request', error_description: 'refresh_token required' });
  });

  it('serves health and settings', async () => {
    expect(await (await authFetch('/health')).json()).toMatchObject({ name: 'GoTrue' });
    const settings = await (await authFetch('/settings')).json();
    // Google only (supabase/config.toml): the e-mail provider off, as GoTrue reports GOTRUE_EXTERNAL_EMAIL_ENABLED=false.
    expect(settings.external).toMatchObject({ google: true, email: false, phone: false, anonymous_users: false, github: false });
    expect(settings).toMatchObject({ disable_signup: false, mailer_autoconfirm: true, phone_autoconfirm: true });
  });
});
