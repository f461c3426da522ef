import { describe, expect, it } from 'vitest';
import { authRedirectError, isSignInNotCompleted, signInNotCompletedState } from './auth-redirect-error';
import { decodeClaims, sessionIdOf } from './claims';
import { displayName } from './load-user';

const b64url = (o: object) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (payload: object) => `${b64url({ alg: 'HS256' })}.${b64url(payload)}.firma`;

describe('decodeClaims', () => {
  it('reads finance and user_role', () => {
    expect(decodeClaims(token({ sub: 'x', finance: true, user_role: 'superadmin' }))).toEqual({ finance: true, user_role: 'superadmin' });
  });
  it('finance is true only when the claim is the boolean true', () => {
    expect(decodeClaims(token({ finance: 'true' })).finance).toBe(false);
    expect(decodeClaims(token({})).finance).toBe(false);
  });
  it('copes with missing or malformed tokens', () => {
    expect(decodeClaims(null)).toEqual({ finance: false, user_role: null });
    expect(decodeClaims('no-es-un-jwt')).toEqual({ finance: false, user_role: null });
    expect(decodeClaims('a.%%%.c')).toEqual({ finance: false, user_role: null });
  });
  it('decodes UTF-8 names', () => {
    expect(decodeClaims(token({ user_role: 'admin', name: 'Lucía Peña' })).user_role).toBe('admin');
  });
});

describe('sessionIdOf', () => {
  it('reads the sign-in the token belongs to, or nothing', () => {
    expect(sessionIdOf(token({ sub: 'x', session_id: '7d3c-uno' }))).toBe('7d3c-uno');
    expect(sessionIdOf(token({ sub: 'x' }))).toBeNull();
    expect(sessionIdOf(token({ session_id: 42 }))).toBeNull();
    expect(sessionIdOf('no-es-un-jwt')).toBeNull();
  });
});

// The hook's refusal as the newest migration that defines it says it, so rewording it there
// without teaching authRedirectError the new sentence fails here.
const migrations = import.meta.glob<string>('/supabase/migrations/*.sql', { query: '?raw', import: 'default', eager: true });
const hookRefusal = (() => {
  const [newest] = Object.keys(migrations)
    .sort()
    .reverse()
    .map((file) =>
      migrations[file]
        ?.split(/create (?:or replace )?function public\.before_user_created_hook\(/i)
        .slice(1)
        .at(-1),
    )
    .filter((body): body is string => body !== undefined);
  const message = newest?.split(/\n\$\$;/)[0]?.match(/'message',\s*'((?:[^']|'')*)'/)?.[1];
  if (!message) throw new Error('No encontré el mensaje de before_user_created_hook en supabase/migrations');
  return message.replace(/''/g, "'");
})();

/** The URL GoTrue sends the browser back to: the error in the query, and again in the fragment. */
const goTrueRedirect = (error: string, description: string, code = '') => {
  const query = new URLSearchParams({ error, error_code: code, error_description: description });
  const fragment = new URLSearchParams({ error, ...(description ? { error_description: description } : {}), ...(code ? { error_code: code } : {}), sb: '' });
  return [`?${query}`, `#${fragment}`] as const;
};

describe('authRedirectError', () => {
  it('the before_user_created hook refusing an e-mail is «not registered», in the query or the fragment', () => {
    expect(hookRefusal).toMatch(/no está registrado/);
    const [search, hash] = goTrueRedirect('access_denied', hookRefusal);
    expect(authRedirectError(search, hash)).toBe('not-registered');
    expect(authRedirectError(search, '')).toBe('not-registered');
    expect(authRedirectError('', hash)).toBe('not-registered');
    expect(authRedirectError(search.replace(/\+/g, '%20'), '')).toBe('not-registered');
  });

  it('recognises the refusal by its sentence, whatever the case, spacing, accent encoding or status', () => {
    const sentence = 'Este correo de Google no está registrado.';
    expect(authRedirectError(`?error=access_denied&error_description=${encodeURIComponent(sentence.toUpperCase())}`, '')).toBe('not-registered');
    expect(authRedirectError(`?error=access_denied&error_description=${encodeURIComponent(sentence.normalize('NFD'))}`, '')).toBe('not-registered');
    expect(authRedirectError('?error=access_denied&error_description=Este++correo+de%0AGoogle+no+est%C3%A1+registrado', '')).toBe('not-registered');
    // Should the hook answer another status, GoTrue names the error after it; the sentence still says who refused.
    expect(authRedirectError(...goTrueRedirect('invalid_request', hookRefusal))).toBe('not-registered');
  });

  it("Cancel in Google's chooser is access_denied too, but only a sign-in that did not complete", () => {
    // Google's error goes on as it came, with its description or none.
    expect(authRedirectError(...goTrueRedirect('access_denied', ''))).toBe('sign-in-not-completed');
    expect(authRedirectError(...goTrueRedirect('access_denied', 'The user denied access'))).toBe('sign-in-not-completed');
    expect(authRedirectError('?error=access_denied', '')).toBe('sign-in-not-completed');
    expect(authRedirectError('', '#error=access_denied&error_code=403')).toBe('sign-in-not-completed');
  });

  it('a banned account, an unverified e-mail or any other error is a sign-in that did not complete', () => {
    expect(authRedirectError(...goTrueRedirect('access_denied', 'User is banned', 'user_banned'))).toBe('sign-in-not-completed');
    expect(
      authRedirectError(
        ...goTrueRedirect(
          'access_denied',
          'Unverified email with google. Verify the email with google in order to sign in',
          'provider_email_needs_verification',
        ),
      ),
    ).toBe('sign-in-not-completed');
    expect(authRedirectError(...goTrueRedirect('access_denied', 'Signups not allowed for this instance', 'signup_disabled'))).toBe('sign-in-not-completed');
    expect(authRedirectError(...goTrueRedirect('server_error', 'Error running hook URI: pg-functions://postgres/public/before_user_created_hook'))).toBe(
      'sign-in-not-completed',
    );
    expect(authRedirectError('?error=server_error', '')).toBe('sign-in-not-completed');
  });

  it('a URL without an error has none', () => {
    expect(authRedirectError('?code=abc', '')).toBeNull();
    expect(authRedirectError('', '')).toBeNull();
    expect(authRedirectError('?error=', '#error_description=Este+correo+de+Google+no+est%C3%A1+registrado')).toBeNull();
    expect(authRedirectError('', '#access_token=x&refresh_token=y&token_type=bearer&sb=')).toBeNull();
  });
});

describe('isSignInNotCompleted', () => {
  it('reads only the state RootRoute leaves for /login', () => {
    expect(isSignInNotCompleted(signInNotCompletedState)).toBe(true);
    expect(isSignInNotCompleted(null)).toBe(false);
    expect(isSignInNotCompleted(undefined)).toBe(false);
    expect(isSignInNotCompleted({ reorder: { added: 1 } })).toBe(false);
    expect(isSignInNotCompleted({ authRedirectError: 'not-registered' })).toBe(false);
  });
});

describe('displayName', () => {
  it('prefers the first name', () => {
    expect(displayName({ fullName: 'Laura Gómez', email: 'laura.admin@savia.test', clientProfile: null })).toBe('Laura');
  });
  it('prefers the enrolled name of a member over the Google one', () => {
    expect(displayName({ fullName: 'Carlos R', email: 'c@x.co', clientProfile: { name: 'Carlos Rodríguez' } })).toBe('Carlos');
  });
  it('falls back to the client name, then the e-mail', () => {
    expect(displayName({ fullName: null, email: 'm@x.co', clientProfile: { name: 'María Activa' } })).toBe('María');
    expect(displayName({ fullName: null, email: 'pedro.sinrol@savia.test', clientProfile: null })).toBe('pedro.sinrol@savia.test');
    expect(displayName({ fullName: '   ', email: 'a@b.co', clientProfile: null })).toBe('a@b.co');
  });
});
