import { describe, expect, it } from 'vitest';
import { hasAuthRedirectError } from './auth-redirect-error';
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

describe('hasAuthRedirectError', () => {
  it('recognises access_denied in the query or the fragment', () => {
    expect(hasAuthRedirectError('?error=access_denied&error_description=No+registrado', '')).toBe(true);
    expect(hasAuthRedirectError('', '#error=access_denied&error_code=signup_disabled')).toBe(true);
  });
  it('ignores other URLs', () => {
    expect(hasAuthRedirectError('?code=abc', '')).toBe(false);
    expect(hasAuthRedirectError('', '')).toBe(false);
    expect(hasAuthRedirectError('?error=server_error', '')).toBe(false);
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
