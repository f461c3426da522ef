// @ts-check
// Sessions and GoTrue's classic refresh tokens (12 lowercase alphanumerics, one row per token,
// each new one the child of the one it replaced), kept in auth.sessions / auth.refresh_tokens
// so that restarting the stack signs nobody out and logout really revokes.
import { randomInt, randomUUID } from 'node:crypto';
import { NIL_UUID } from './users.mjs';

/** @typedef {import('./tokens.mjs').Db} Db @typedef {import('./tokens.mjs').Row} Row */

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

function newRefreshTokenValue() {
  let token = '';
  for (let i = 0; i < 12; i += 1) token += ALPHABET[randomInt(ALPHABET.length)];
  return token;
}

/**
 * @param {Db} db
 * @param {{ userId: string, sessionId: string, parent?: string | null }} token
 * @returns {Promise<Row>}
 */
async function insertRefreshToken(db, { userId, sessionId, parent = null }) {
  const { rows } = await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, $3, false, now(), now(), $4, $5) returning *`,
    [NIL_UUID, newRefreshTokenValue(), userId, parent, sessionId],
  );
  await db.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [userId]);
  return rows[0];
}

/**
 * A new session with its first refresh token, and the way it was authenticated (for `amr`).
 * @param {Db} db
 * @param {string} userId
 * @param {string} authenticationMethod
 * @param {import('./tokens.mjs').ClientInfo} client
 */
export async function startSession(db, userId, authenticationMethod, client = {}) {
  const sessionId = randomUUID();
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4)`,
    [sessionId, userId, client.userAgent || null, client.ip || null],
  );
  await db.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, now(), now(), $2, $3)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, authenticationMethod, randomUUID()],
  );
  const refreshToken = await insertRefreshToken(db, { userId, sessionId });
  return { sessionId, refreshToken: refreshToken.token };
}

/** @param {Db} db @param {string | undefined} sessionId @returns {Promise<Row | null>} */
export async function findSession(db, sessionId) {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId ?? '')) return null;
  const { rows } = await db.query('select * from auth.sessions where id = $1', [sessionId]);
  return rows[0] ?? null;
}

/**
 * The session's aal and amr, as GoTrue's CalculateAALAndAMR reports them.
 * @param {Db} db
 * @param {string} sessionId
 */
export async function sessionAssurance(db, sessionId) {
  const { rows } = await db.query('select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc', [
    sessionId,
  ]);
  return {
    aal: 'aal1',
    amr: rows.map((r) => ({ method: r.authentication_method, timestamp: Math.floor(new Date(r.updated_at).getTime() / 1000) })),
  };
}

/**
 * The token row locked with its session, or null (a locked row is retried by the caller).
 * @param {Db} db
 * @param {string} token
 * @returns {Promise<Row | null>}
 */
export async function lockRefreshToken(db, token) {
  const { rows } = await db.query(
    `select rt.*, s.id as live_session_id from auth.refresh_tokens rt
       left join auth.sessions s on s.id = rt.session_id
      where rt.token = $1 for update of rt`,
    [token],
  );
  return rows[0] ?? null;
}

/** @param {Db} db @param {string} sessionId @returns {Promise<Row | null>} */
export async function activeRefreshToken(db, sessionId) {
  const { rows } = await db.query('select * from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1', [sessionId]);
  return rows[0] ?? null;
}

/**
 * GoTrue's GrantRefreshTokenSwap: revoke the presented token, issue its child.
 * @param {Db} db
 * @param {Row} token
 * @returns {Promise<string>}
 */
export async function swapRefreshToken(db, token) {
  await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [token.id]);
  const child = await insertRefreshToken(db, { userId: token.user_id, sessionId: token.session_id, parent: token.token });
  return child.token;
}

/**
 * Reuse outside the interval: every token of the session is revoked (GoTrue's RevokeTokenFamily).
 * @param {Db} db
 * @param {string} sessionId
 */
export async function revokeTokenFamily(db, sessionId) {
  await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false', [sessionId]);
}

/** @param {Db} db @param {string} sessionId @param {import('./tokens.mjs').ClientInfo} [client] */
export async function touchSession(db, sessionId, client = {}) {
  await db.query('update auth.sessions set refreshed_at = now(), updated_at = now(), user_agent = $2, ip = $3 where id = $1', [
    sessionId,
    client.userAgent || null,
    client.ip || null,
  ]);
}

/**
 * Logout scopes; deleting a session cascades to its refresh tokens and amr claims.
 * @type {Record<string, (db: Db, userId: string, sessionId?: string) => Promise<unknown>>}
 */
export const logout = {
  global: (db, userId) => db.query('delete from auth.sessions where user_id = $1', [userId]),
  local: (db, _userId, sessionId) => db.query('delete from auth.sessions where id = $1', [sessionId]),
  others: (db, userId, sessionId) => db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]),
};
