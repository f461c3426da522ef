import { describe, expect, it } from 'vitest';
import { apiDidNotAnswer } from './api-did-not-answer';

const named = (name: string, extra: Record<string, unknown> = {}) => Object.assign(new Error('x'), { name }, extra);

describe('apiDidNotAnswer', () => {
  it('offline, a gateway 5xx, a timeout or the database unreachable: worth a retry, the session stays', () => {
    expect(apiDidNotAnswer(new TypeError('Failed to fetch'))).toBe(true);
    expect(apiDidNotAnswer(named('AuthRetryableFetchError', { status: 0 }))).toBe(true);
    expect(apiDidNotAnswer(named('AuthApiError', { status: 500 }))).toBe(true);
    expect(apiDidNotAnswer(named('AuthApiError', { status: 429 }))).toBe(true);
    expect(apiDidNotAnswer({ message: 'Service Unavailable' })).toBe(true);
    expect(apiDidNotAnswer({ code: '', message: 'TypeError: Failed to fetch' })).toBe(true);
    expect(apiDidNotAnswer({ code: 'PGRST001', message: 'Database client error' })).toBe(true);
    expect(apiDidNotAnswer({ code: '57014', message: 'canceling statement due to statement timeout' })).toBe(true);
  });

  it('an answer that says no: the specification signs the person out', () => {
    expect(apiDidNotAnswer({ code: '42501', message: 'permission denied for table users_roles' })).toBe(false);
    expect(apiDidNotAnswer({ code: 'PGRST301', message: 'JWSError' })).toBe(false);
    expect(apiDidNotAnswer(named('AuthApiError', { status: 400, code: 'refresh_token_not_found' }))).toBe(false);
    expect(apiDidNotAnswer(named('AuthSessionMissingError'))).toBe(false);
    expect(apiDidNotAnswer(named('AuthRefreshDiscardedError'))).toBe(false);
    expect(apiDidNotAnswer(undefined)).toBe(false);
  });
});
