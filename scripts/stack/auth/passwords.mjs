// @ts-check
// Passwords are bcrypt hashes, as GoTrue stores them; pgcrypto (schema `extensions`) computes
// them because no bcrypt package is installed. Cost 10 is GoTrue's (bcrypt.DefaultCost).
import { AuthError } from './errors.mjs';

const MIN_LENGTH = 6;

/** GoTrue's minimum password check (the default configuration only checks the length). */
/** @param {string} password */
export function checkPasswordStrength(password) {
  if (password.length < MIN_LENGTH) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${MIN_LENGTH} characters.`);
  }
}

/** bcrypt refuses more than 72 bytes, and GoTrue reports it as a bad request. */
/** @param {import('./tokens.mjs').Db} db @param {string} password @returns {Promise<string>} */
export async function hashPassword(db, password) {
  if (Buffer.byteLength(password) > 72) throw new AuthError(400, 'validation_failed', 'bcrypt: password length exceeds 72 bytes');
  const { rows } = await db.query("select extensions.crypt($1, extensions.gen_salt('bf', 10)) as hash", [password]);
  return rows[0].hash;
}

/** @param {import('./tokens.mjs').Db} db @param {string} password @param {string | null | undefined} hash @returns {Promise<boolean>} */
export async function passwordMatches(db, password, hash) {
  if (!hash) return false;
  const { rows } = await db.query('select extensions.crypt($1, $2) = $2 as ok', [password, hash]);
  return rows[0].ok;
}
