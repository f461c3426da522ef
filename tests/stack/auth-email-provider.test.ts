// The e-mail provider off, as supabase/config.toml turns it off, answered as GoTrue answers
// (internal/api/token.go, signup.go, middleware.go requireEmailProvider, user.go): no password sign-in,
// sign-up or recovery, whoever asks and whatever the password; PUT /user still stores a password, as
// GoTrue does, which then signs nobody in.
import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient, sql } from '../integration/support';
import { API_VERSION, authFetch, createUser, decodeJwt, signInWithGoogle, unique } from '../integration/fixtures/auth-helpers';

const passwordGrant = (body: Record<string, unknown>, headers: Record<string, string> = API_VERSION) =>
  authFetch('/token?grant_type=password', { method: 'POST', headers, body: JSON.stringify(body) });
const sessionsOf = async (userId: string) => (await sql('select id from auth.sessions where user_id = $1', [userId])).length;

describe('password sign-in', () => {
  it('is refused with 422 email_provider_disabled even with the right password, creating no session', async () => {
    const person = await createUser();
    expect((await serviceClient().auth.admin.updateUserById(person.id, { password: 'secreto-123' })).error).toBeNull();
    for (const password of ['secreto-123', 'otra-cosa']) {
      const res = await passwordGrant({ email: person.email, password });
      expect(res.status).toBe(422);
      expect(res.headers.get('x-sb-error-code')).toBe('email_provider_disabled');
      expect(await res.json()).toEqual({ code: 'email_provider_disabled', message: 'Email logins are disabled' });
    }
    const legacyShape = await passwordGrant({ email: unique('nadie'), password: 'secreto-123' }, {});
    expect(await legacyShape.json()).toEqual({ code: 422, error_code: 'email_provider_disabled', msg: 'Email logins are disabled' });
    const { error } = await anonClient().auth.signInWithPassword({ email: person.email, password: 'secreto-123' });
    expect(error).toMatchObject({ status: 422, code: 'email_provider_disabled', message: 'Email logins are disabled' });
    expect(await sessionsOf(person.id)).toBe(0);
  });

  it('checks the parameters first, and refuses a phone as the phone provider is off too', async () => {
    expect(await (await passwordGrant({ phone: '+573001234567', password: 'secreto-123' })).json()).toEqual({
      code: 'phone_provider_disabled',
      message: 'Phone logins are disabled',
    });
    expect(await (await passwordGrant({ email: 'a@example.test', phone: '+573001234567' })).json()).toEqual({
      code: 'validation_failed',
      message: 'Only an email address or phone number should be provided on login.',
    });
    expect(await (await passwordGrant({ password: 'secreto-123' })).json()).toEqual({ code: 'validation_failed', message: 'missing email or phone' });
  });
});

describe('sign-up and recovery', () => {
  it('refuses an e-mail sign-up with 400 email_provider_disabled, after checking the password, creating nobody', async () => {
    const email = unique('registro');
    const { error } = await anonClient().auth.signUp({ email, password: 'secreto-123' });
    expect(error).toMatchObject({ status: 400, code: 'email_provider_disabled', message: 'Email signups are disabled' });
    const weak = await anonClient().auth.signUp({ email, password: '123' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
    const noPassword = await authFetch('/signup', { method: 'POST', headers: API_VERSION, body: JSON.stringify({ email }) });
    expect(await noPassword.json()).toEqual({ code: 'validation_failed', message: 'Signup requires a valid password' });
    expect(await sql('select 1 from auth.users where email = $1', [email])).toEqual([]);
  });

  it('refuses phone and anonymous sign-ups as GoTrue does with those off', async () => {
    const phone = await authFetch('/signup', {
      method: 'POST',
      headers: API_VERSION,
      body: JSON.stringify({ phone: '+573001234567', password: 'secreto-123' }),
    });
    expect(phone.status).toBe(400);
    expect(await phone.json()).toEqual({ code: 'phone_provider_disabled', message: 'Phone signups are disabled' });
    const { error } = await anonClient().auth.signInAnonymously();
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' });
  });

  it('refuses password recovery with 400 email_provider_disabled', async () => {
    const person = await createUser();
    const { error } = await anonClient().auth.resetPasswordForEmail(person.email);
    expect(error).toMatchObject({ status: 400, code: 'email_provider_disabled', message: 'Email logins are disabled' });
  });
});

describe('PUT /user with a password', () => {
  it('stores it as GoTrue does and signs the other sessions out, but the password signs nobody in', async () => {
    const person = await createUser();
    const { client, session } = await signInWithGoogle(person.email);
    const other = await signInWithGoogle(person.email);
    const before = (await sql<{ encrypted_password: string }>('select encrypted_password from auth.users where id = $1', [person.id]))[0];

    const { error } = await client.auth.updateUser({ password: 'nueva-clave-1' });
    expect(error).toBeNull();
    const after = (await sql<{ encrypted_password: string }>('select encrypted_password from auth.users where id = $1', [person.id]))[0];
    expect(after.encrypted_password).not.toBe(before.encrypted_password);
    expect(await sql('select id from auth.sessions where user_id = $1', [person.id])).toEqual([{ id: decodeJwt(session.access_token).session_id }]);
    // Its session and, with it, its refresh tokens are gone (GoTrue's LogoutAllExceptMe).
    expect((await other.client.auth.refreshSession()).error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });

    const same = await client.auth.updateUser({ password: 'nueva-clave-1' });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password', message: 'New password should be different from the old password.' });
    const weak = await client.auth.updateUser({ password: '123' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });

    const res = await passwordGrant({ email: person.email, password: 'nueva-clave-1' });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ code: 'email_provider_disabled', message: 'Email logins are disabled' });
    expect(await sessionsOf(person.id)).toBe(1);
  });
});
