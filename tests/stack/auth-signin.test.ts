// Signing in with "Google" through the account chooser, as the browser does it: PKCE and
// implicit flows, the before_user_created hook refusing strangers, custom claims in the token.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { anonClient, cfg, sql } from '../integration/support';
import { API_VERSION, AUTH, REDIRECT_TO, authFetch, chooseAccount, createUser, decodeJwt, unique } from '../integration/fixtures/auth-helpers';

async function authorizeUrl(flowType: 'pkce' | 'implicit', redirectTo = REDIRECT_TO) {
  const client = anonClient({ flowType });
  const { data, error } = await client.auth.signInWithOAuth({ provider: 'google', options: { redirectTo, skipBrowserRedirect: true } });
  expect(error).toBeNull();
  return { client, url: data.url! };
}

describe('account chooser', () => {
  it('is a Spanish Google-like page with the seeded people and a field for any e-mail', async () => {
    const { url } = await authorizeUrl('pkce');
    const html = await (await fetch(url)).text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Elige una cuenta');
    expect(html).toContain('para continuar a Savia');
    expect(html).toMatch(/<label for="other-email">Correo electrónico<\/label>\s*<input id="other-email" name="email" type="email"/);
    expect(html).toMatch(/<button type="submit">Continuar<\/button>/);
    const seeded = await sql<{ email: string }>(`select email from private.demo_accounts() where to_regprocedure('private.demo_accounts()') is not null`).catch(
      () => [],
    );
    for (const { email } of seeded) {
      // Each person's button names them by e-mail (its accessible name is its text).
      expect(html).toMatch(
        new RegExp(
          `<button type="submit" name="email" value="${email.replace(/[.+]/g, '\\$&')}"[^>]*>[\\s\\S]*?${email.replace(/[.+]/g, '\\$&')}[\\s\\S]*?</button>`,
        ),
      );
    }
  });
});

describe('PKCE sign-in', () => {
  it('goes authorize → chooser → redirect with ?code= → exchangeCodeForSession', async () => {
    const person = await createUser();
    const { client, url } = await authorizeUrl('pkce');
    expect(new URL(url).searchParams.get('code_challenge_method')).toBe('s256');

    const location = new URL(await chooseAccount(url, person.email));
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_TO);
    const code = location.searchParams.get('code');
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    expect((await sql('select user_id from auth.flow_state where auth_code = $1', [code]))[0]).toEqual({ user_id: person.id });

    const { data, error } = await client.auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    expect(data.session!.user.id).toBe(person.id);
    expect(data.session!.provider_token).toMatch(/^ya29\./);
    expect(await sql('select 1 from auth.flow_state where auth_code = $1', [code])).toHaveLength(0);

    // Google is now one of the person's identities, with Google's identity data.
    const identities = await sql<{ provider: string; identity_data: Record<string, unknown> }>(
      'select provider, identity_data from auth.identities where user_id = $1 order by provider',
      [person.id],
    );
    expect(identities.map((i) => i.provider)).toEqual(['email', 'google']);
    expect(identities[1].identity_data).toMatchObject({ email: person.email, email_verified: true, iss: 'https://accounts.google.com' });
    expect(data.session!.user.app_metadata.providers).toEqual(['email', 'google']);

    const { data: current } = await client.auth.getUser();
    expect(current.user!.email).toBe(person.email);
  });

  it('issues GoTrue claims plus the custom access token hook claims', async () => {
    const person = await createUser();
    const { client, url } = await authorizeUrl('pkce');
    const code = new URL(await chooseAccount(url, person.email)).searchParams.get('code')!;
    const { data } = await client.auth.exchangeCodeForSession(code);
    const claims = decodeJwt(data.session!.access_token);
    expect(claims).toMatchObject({
      iss: `${cfg.apiUrl}/auth/v1`,
      aud: 'authenticated',
      sub: person.id,
      email: person.email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      session_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email', 'google'] },
    });
    expect(claims.exp - claims.iat).toBe(3600);
    expect(claims.amr).toEqual([{ method: 'oauth', timestamp: expect.any(Number) }]);
    expect(claims).toHaveProperty('user_role');
    expect(typeof claims.finance).toBe('boolean');
    // A refreshed token keeps them: the hook runs on every issue.
    const { data: refreshed } = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.session!.access_token)).toHaveProperty('user_role');
  });

  it('refuses a code exchanged twice and a wrong code verifier, with GoTrue errors', async () => {
    const person = await createUser();
    const { client, url } = await authorizeUrl('pkce');
    const code = new URL(await chooseAccount(url, person.email)).searchParams.get('code')!;

    const wrong = await authFetch('/token?grant_type=pkce', {
      method: 'POST',
      headers: API_VERSION,
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(50) }),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ code: 'bad_code_verifier', message: 'code challenge does not match previously saved code verifier' });
    expect(await sql('select 1 from auth.sessions where user_id = $1', [person.id])).toHaveLength(0);

    expect((await client.auth.exchangeCodeForSession(code)).error).toBeNull();
    const again = await authFetch('/token?grant_type=pkce', { method: 'POST', body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(50) }) });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ code: 404, error_code: 'flow_state_not_found', msg: 'invalid flow state, no valid flow state found' });
  });

  it('sends the browser to the site URL when redirect_to is not allowed', async () => {
    const person = await createUser();
    const { url } = await authorizeUrl('pkce', 'https://evil.example.com/steal');
    const location = new URL(await chooseAccount(url, person.email));
    expect(location.origin).toBe(new URL(cfg.siteUrl).origin);
    expect(location.searchParams.get('code')).toBeTruthy();
  });
});

describe('implicit sign-in', () => {
  it('redirects with the session in the fragment', async () => {
    const person = await createUser();
    const { client, url } = await authorizeUrl('implicit');
    expect(new URL(url).searchParams.has('code_challenge')).toBe(false);
    const location = new URL(await chooseAccount(url, person.email));
    expect(location.search).toBe('');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('token_type')).toBe('bearer');
    expect(Number(fragment.get('expires_in'))).toBeGreaterThan(3500);
    expect(Number(fragment.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);
    expect(fragment.get('refresh_token')).toMatch(/^[a-z0-9]{12}$/);
    expect(fragment.get('provider_token')).toMatch(/^ya29\./);
    const { data, error } = await client.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(person.email);
  });
});

describe('two first sign-ins at once', () => {
  it('link the account once, and both get a session', async () => {
    // Two tabs (or the e2e suite's two workers) signing the same person in for the first time: the
    // second must find the Google identity the first made, not fail on its unique key. The account's
    // row is held here until both sign-ins wait for it, so they meet every time.
    const person = await createUser();
    const holder = new pg.Client({ connectionString: cfg.dbUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from auth.users where id = $1 for update', [person.id]);
      const flows = await Promise.all([authorizeUrl('implicit'), authorizeUrl('implicit')]);
      const signIns = flows.map(({ url }) => chooseAccount(url, person.email));
      await expect
        .poll(async () => (await sql(`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%from auth.users%for update%'`)).length)
        .toBe(2);
      await holder.query('commit');
      for (const location of await Promise.all(signIns)) expect(new URLSearchParams(new URL(location).hash.slice(1)).get('access_token')).toBeTruthy();
    } finally {
      await holder.end();
    }
    expect(await sql(`select 1 from auth.identities where user_id = $1 and provider = 'google'`, [person.id])).toHaveLength(1);
  });
});

describe('before_user_created hook', () => {
  it('turns an unregistered e-mail away to redirect_to with error=access_denied, creating nobody', async () => {
    const stranger = unique('intruso');
    const { url } = await authorizeUrl('pkce');
    const location = new URL(await chooseAccount(url, stranger));
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_TO);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('error_description')).toBeTruthy();
    expect(location.searchParams.has('code')).toBe(false);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('error')).toBe('access_denied');
    expect(fragment.get('error_description')).toBe(location.searchParams.get('error_description'));
    expect(await sql('select 1 from auth.users where email = $1', [stranger])).toHaveLength(0);
  });

  it('lets an invited person without an account in, creating the user with a Google identity', async () => {
    const person = { email: unique('Invitada') };
    await sql(`insert into public.staff_invitations (email, role) values ($1, 'admin')`, [person.email]);
    const { client, url } = await authorizeUrl('pkce');
    const code = new URL(await chooseAccount(url, person.email)).searchParams.get('code');
    expect(code).toBeTruthy();
    const { data } = await client.auth.exchangeCodeForSession(code!);
    expect(data.user!.email).toBe(person.email.toLowerCase());
    expect(data.user!.email_confirmed_at).toBeTruthy();
    expect(data.user!.identities!.map((i) => i.provider)).toEqual(['google']);
  });
});

describe('the typed address', () => {
  it('is checked as GoTrue checks an e-mail, before the before_user_created hook', async () => {
    const { url } = await authorizeUrl('pkce');
    const location = new URL(await chooseAccount(url, 'xx:;x@x.x'));
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_TO);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_code')).toBe('validation_failed');
    expect(location.searchParams.get('error_description')).toBe('Unable to validate email address: invalid format');
    expect(location.searchParams.has('code')).toBe(false);
  });
});

describe('authorize errors', () => {
  it('refuses another provider and a malformed PKCE challenge in GoTrue shape', async () => {
    const github = await fetch(`${AUTH}/authorize?provider=github`);
    expect(github.status).toBe(400);
    expect(await github.json()).toEqual({ code: 400, error_code: 'validation_failed', msg: 'Unsupported provider: Provider github could not be found' });
    const short = await fetch(`${AUTH}/authorize?provider=google&code_challenge=abc&code_challenge_method=s256`);
    expect(short.status).toBe(400);
    expect((await short.json()).msg).toBe('code challenge has to be between 43 and 128 characters');
  });

  it('refuses a callback with an unknown or missing state without redirecting', async () => {
    const unknown = await fetch(`${AUTH}/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state: '00000000-0000-4000-8000-000000000000', email: 'a@example.test' }),
      redirect: 'manual',
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ code: 400, error_code: 'bad_oauth_state', msg: 'OAuth state not found or expired' });
    const missing = await fetch(`${AUTH}/callback?email=a@example.test`, { redirect: 'manual' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error_code).toBe('bad_oauth_callback');
  });
});
