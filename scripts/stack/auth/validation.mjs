// @ts-check
// Input checks GoTrue makes before touching the database, with its messages.
import { badRequest } from './errors.mjs';

// GoTrue's format check (checkmail's ValidateFormat): RFC 5322 "atext" before the @, then host
// labels of ASCII letters and digits (inner hyphens, at most 63 characters) joined by single dots.
// No top-level domain is needed: `persona@localhost` passes, `xx:;x@x.x` does not.
const LOCAL_PART = "[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+";
const HOST_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const EMAIL = new RegExp(`^${LOCAL_PART}@${HOST_LABEL}(?:\\.${HOST_LABEL})*$`);

/** GoTrue's validateEmail: required, at most 255 bytes (Go's len), well-formed, lower-cased. */
/** @param {string} email */
export function validateEmail(email) {
  if (!email) throw badRequest('validation_failed', 'An email address is required');
  if (Buffer.byteLength(email) > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL.test(email)) throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  return email.toLowerCase();
}

/**
 * GoTrue's validatePKCEParams and ParseCodeChallengeMethod (authorize, signup, recover): null without PKCE.
 * @param {string} challenge
 * @param {string} method
 */
export function validatePkceParams(challenge, method) {
  if (!challenge && !method) return null;
  if (!challenge || !method) throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  if (challenge.length < 43 || challenge.length > 128) throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw badRequest('validation_failed', 'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes');
  }
  if (!['s256', 'plain'].includes(method.toLowerCase())) throw badRequest('validation_failed', 'Invalid code_challenge_method');
  return { challenge, method: method.toLowerCase() };
}

/** @type {Record<string, number>} */
const UNIT_MS = { ns: 1e-6, us: 1e-3, µs: 1e-3, μs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Go's time.ParseDuration ("24h", "1h30m", "500ms"), in milliseconds; null when malformed. */
/** @param {string} text */
export function parseGoDuration(text) {
  const match = /^([-+]?)((?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+$/.exec(text);
  if (text === '0') return 0;
  if (!match) return null;
  let total = 0;
  for (const [, value, unit] of text.matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g)) total += Number(value) * UNIT_MS[unit];
  return match[1] === '-' ? -total : total;
}

/** Admin `ban_duration`: undefined leaves the ban as is, 'none' lifts it, else a Go duration. */
/** @param {string | undefined} banDuration */
export function banUntil(banDuration) {
  if (banDuration === undefined || banDuration === '') return undefined;
  if (banDuration === 'none') return null;
  const ms = parseGoDuration(banDuration);
  if (ms === null) throw badRequest('validation_failed', `invalid format for ban duration: time: invalid duration "${banDuration}"`);
  if (ms === 0) return null; // GoTrue's Ban(0) clears banned_until
  return new Date(Date.now() + ms);
}
