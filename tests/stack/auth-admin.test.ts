// /admin/users for the service role only: list with pagination, create, get, update, ban and
// delete; a banned person is refused everywhere they could get or use a session.
import { describe, expect, it } from 'vitest';
import { anonClient, cfg, serviceClient, sql } from '../integration/support';
import { API_VERSION, REDIRECT_TO, authFetch, chooseAccount, createUser, signInWithGoogle, unique } from '../integration/fixtures/auth-helpers';

const admin = () => serviceClient().auth.admin;
const asService = { authorization: `Bearer ${cfg.serviceRoleKey}` };

describe('admin users API', () => {
  it('is refused without the service role', async () => {
    const anon = await authFetch('/admin/users', { headers: { authorization: `Bearer ${cfg.anonKey}` } });
    expect(anon.status).toBe(403);
    expect(await anon.json()).toEqual({ code: 403, error_code: 'not_admin', msg: 'User not allowed' });
    const person = await createUser();
    const { session } = await signInWithGoogle(person.email);
    const asUser = await authFetch('/admin/users', { headers: { authorization: `Bearer ${session.access_token}` } });
    expect(asUser.status).toBe(403);
    expect((await authFetch('/admin/users')).status).toBe(401);
  });

  it('creates, reads, lists with pagination, updates and deletes', async () => {
    const email = unique('admin-api');
    const created = await admin().createUser({
      email,
      password: 'secreto-123',
      email_confirm: true,
      user_metadata: { nombre: 'Eva' },
      app_metadata: { plan: 'demo' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user).toMatchObject({
      email,
      user_metadata: { nombre: 'Eva' },
      app_metadata: { provider: 'email', providers: ['email'], plan: 'demo' },
    });

    const duplicate = await admin().createUser({ email, password: 'secreto-123' });
    expect(duplicate.error).toMatchObject({ status: 422, code: 'email_exists' });

    expect((await admin().getUserById(id)).data.user!.email).toBe(email);

    const page = await authFetch('/admin/users?page=1&per_page=1', { headers: asService });
    expect(page.status).toBe(200);
    expect(Number(page.headers.get('x-total-count'))).toBeGreaterThan(1);
    expect(page.headers.get('link')).toContain('rel="next"');
    const body = await page.json();
    expect(body.aud).toBe('authenticated');
    expect(body.users).toHaveLength(1);
    const listed = await admin().listUsers({ page: 1, perPage: 1000 });
    expect(listed.data.users.map((u) => u.id)).toContain(id);

    const updated = await admin().updateUserById(id, { user_metadata: { apodo: 'Evi' } });
    expect(updated.data.user!.user_metadata).toEqual({ nombre: 'Eva', apodo: 'Evi' });

    expect((await admin().deleteUser(id)).error).toBeNull();
    const gone = await admin().getUserById(id);
    expect(gone.error).toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it('answers a malformed user id with GoTrue 404', async () => {
    const res = await authFetch('/admin/users/not-a-uuid', { headers: { ...asService, ...API_VERSION } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'validation_failed', message: 'user_id must be an UUID' });
  });
});

describe('e-mail addresses, checked as GoTrue checks them', () => {
  const INVALID_FORMAT = 'Unable to validate email address: invalid format';
  const storedEmail = async (id: string) => (await sql<{ email: string }>('select email from auth.users where id = $1', [id]))[0].email;

  // GoTrue's rule (checkmail's pattern): RFC 5322 atext before the @, dot-separated host labels of
  // letters, digits and inner hyphens after it; no top-level domain is needed.
  it.each([
    'xx:;x@x.x',
    'sin-arroba.example.test',
    'dos@@example.test',
    'con espacio@example.test',
    'a@-guion.example.test',
    'a@doble..punto.test',
    'a@punto-final.test.',
    'ñandú@example.test',
  ])('refuses %j on create and on update with 400 validation_failed, storing nothing', async (email) => {
    const created = await admin().createUser({ email, password: 'secreto-123' });
    expect(created.error).toMatchObject({ status: 400, code: 'validation_failed', message: INVALID_FORMAT });
    expect(created.data.user).toBeNull();
    expect(await sql('select 1 from auth.users where lower(email) = lower($1)', [email])).toHaveLength(0);

    const person = await createUser();
    const updated = await admin().updateUserById(person.id, { email });
    expect(updated.error).toMatchObject({ status: 400, code: 'validation_failed', message: INVALID_FORMAT });
    expect(await storedEmail(person.id)).toBe(person.email);
  });

  it('measures the 255-character limit in bytes, as Go does', async () => {
    const { error } = await admin().createUser({ email: `${'é'.repeat(125)}@example.test`, password: 'secreto-123' });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'An email address is too long' });
  });

  it('accepts what GoTrue accepts, lower-cased: a host without a dot, quotes and plus tags', async () => {
    for (const email of [`Sin-Punto-${Date.now().toString(36)}@localhost`, `o'brien+${Date.now().toString(36)}@sub-dominio.example.test`]) {
      const { data, error } = await admin().createUser({ email, password: 'secreto-123' });
      expect(error).toBeNull();
      expect(data.user!.email).toBe(email.toLowerCase());
      expect((await admin().deleteUser(data.user!.id)).error).toBeNull();
    }
  });
});

describe('ban', () => {
  it('refuses a banned person at sign-in, on refresh and with a token issued before the ban, until lifted', async () => {
    const person = await createUser();
    const { session } = await signInWithGoogle(person.email);
    const banned = await admin().updateUserById(person.id, { ban_duration: '24h' });
    expect(new Date(banned.data.user!.banned_until!).getTime()).toBeGreaterThan(Date.now() + 23 * 3600e3);

    const me = await authFetch('/user', { headers: { authorization: `Bearer ${session.access_token}`, ...API_VERSION } });
    expect(me.status).toBe(403);
    expect(await me.json()).toEqual({ code: 'user_banned', message: 'User is banned' });
    const refresh = await authFetch('/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: session.refresh_token }),
    });
    expect(await refresh.json()).toEqual({ code: 400, error_code: 'user_banned', msg: 'Invalid Refresh Token: User Banned' });

    const client = anonClient();
    const { data: oauth } = await client.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: REDIRECT_TO, skipBrowserRedirect: true } });
    const location = new URL(await chooseAccount(oauth.url!, person.email));
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('error_code')).toBe('user_banned');

    const lifted = await admin().updateUserById(person.id, { ban_duration: 'none' });
    expect(lifted.data.user!.banned_until).toBeUndefined();
    expect((await signInWithGoogle(person.email)).session.user.id).toBe(person.id);
  });

  it('refuses a malformed ban duration', async () => {
    const person = await createUser();
    const { error } = await admin().updateUserById(person.id, { ban_duration: 'forever' });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});
