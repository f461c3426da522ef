// @ts-check
// auth.users and auth.identities, read and written with GoTrue's column semantics, and
// rendered as GoTrue's user JSON (models.User / models.Identity).
import { randomUUID } from 'node:crypto';

export const NIL_UUID = '00000000-0000-0000-0000-000000000000';
export const AUDIENCE = 'authenticated';
const ZERO_TIME = '0001-01-01T00:00:00Z';

/** @typedef {import('./tokens.mjs').Db} Db @typedef {import('./tokens.mjs').Row} Row */

/** @param {string | number | Date | null | undefined} value */
const iso = (value) => (value ? new Date(value).toISOString() : undefined);
/** @param {Record<string, unknown>} obj */
const omitUndefined = (obj) => Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined));

/** @param {Row} user */
export function isBanned(user) {
  return Boolean(user.banned_until && new Date(user.banned_until) > new Date());
}

/**
 * @param {Db} db
 * @param {string} id
 * @param {{ forUpdate?: boolean }} [options]
 * @returns {Promise<Row | null>}
 */
export async function findUserById(db, id, { forUpdate = false } = {}) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const { rows } = await db.query(`select * from auth.users where id = $1${forUpdate ? ' for update' : ''}`, [id]);
  return rows[0] ?? null;
}

/** @param {Db} db @param {string} email @returns {Promise<Row | null>} */
export async function findUserByEmail(db, email) {
  const { rows } = await db.query(`select * from auth.users where instance_id = $1 and lower(email) = lower($2) and aud = $3 and is_sso_user = false`, [
    NIL_UUID,
    email,
    AUDIENCE,
  ]);
  return rows[0] ?? null;
}

/** @param {Db} db @param {string} userId @returns {Promise<Row[]>} */
export async function identitiesOf(db, userId) {
  const { rows } = await db.query('select * from auth.identities where user_id = $1 order by created_at', [userId]);
  return rows;
}

/**
 * Inserts a user the way GoTrue's signup does: confirmed or not, role `authenticated`.
 * @param {Db} db
 * @param {{ id?: string, email: string, phone?: string | null, passwordHash?: string | null, appMetadata: object,
 *   userMetadata: object, emailConfirmed: boolean, phoneConfirmed?: boolean, role?: string, bannedUntil?: Date | null }} user
 * @returns {Promise<Row>}
 */
export async function insertUser(
  db,
  {
    id = randomUUID(),
    email,
    phone = null,
    passwordHash = null,
    appMetadata,
    userMetadata,
    emailConfirmed,
    phoneConfirmed = false,
    role = AUDIENCE,
    bannedUntil = null,
  },
) {
  const { rows } = await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, phone, encrypted_password, email_confirmed_at, phone_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, banned_until, created_at, updated_at, is_sso_user, is_anonymous)
     values ($1, $2, $3, $4, $5, $6, $7, case when $8 then now() end, case when $9 then now() end, $10, $11, $12, now(), now(), false, false)
     returning *`,
    [
      NIL_UUID,
      id,
      AUDIENCE,
      role,
      email ? email.toLowerCase() : null,
      phone,
      passwordHash ?? '',
      emailConfirmed,
      phoneConfirmed,
      appMetadata,
      userMetadata,
      bannedUntil,
    ],
  );
  return rows[0];
}

/**
 * @param {Db} db
 * @param {{ userId: string, provider: string, providerId: string, identityData: object }} identity
 * @returns {Promise<Row>}
 */
export async function insertIdentity(db, { userId, provider, providerId, identityData }) {
  const { rows } = await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4, now(), now(), now()) returning *`,
    [providerId, userId, identityData, provider],
  );
  return rows[0];
}

/**
 * GoTrue's UpdateUserMetaData: keys are merged, a null value removes the key.
 * @param {Db} db
 * @param {Row} user
 * @param {Record<string, unknown>} updates
 * @returns {Promise<Row>}
 */
export async function mergeUserMetadata(db, user, updates) {
  const merged = { ...(user.raw_user_meta_data ?? {}) };
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  const { rows } = await db.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1 returning *', [user.id, merged]);
  return rows[0];
}

/**
 * GoTrue's UpdateAppMetaData: same merge rule as user metadata.
 * @param {Db} db
 * @param {Row} user
 * @param {Record<string, unknown>} updates
 * @returns {Promise<Row>}
 */
export async function mergeAppMetadata(db, user, updates) {
  const merged = { ...(user.raw_app_meta_data ?? {}) };
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  const { rows } = await db.query('update auth.users set raw_app_meta_data = $2, updated_at = now() where id = $1 returning *', [user.id, merged]);
  return rows[0];
}

/**
 * app_metadata.providers follows the user's identities (GoTrue's UpdateAppMetaDataProviders).
 * @param {Db} db
 * @param {Row} user
 */
export async function refreshProviders(db, user) {
  const { rows } = await db.query('select distinct provider from auth.identities where user_id = $1 order by provider', [user.id]);
  const providers = rows.map((r) => r.provider);
  return mergeAppMetadata(db, user, providers.length ? { provider: providers[0], providers } : { providers });
}

/** @param {Row} identity */
export function serializeIdentity(identity) {
  return omitUndefined({
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data ?? undefined,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: identity.email ?? undefined,
  });
}

/**
 * GoTrue's user JSON, field for field (`omitempty` fields left out when empty).
 * @param {Row} user
 * @param {Row[]} [identities]
 */
export function serializeUser(user, identities = []) {
  return omitUndefined({
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    invited_at: iso(user.invited_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(serializeIdentity),
    created_at: iso(user.created_at) ?? ZERO_TIME,
    updated_at: iso(user.updated_at) ?? ZERO_TIME,
    banned_until: iso(user.banned_until),
    deleted_at: iso(user.deleted_at),
    is_anonymous: Boolean(user.is_anonymous),
  });
}

/**
 * A user GoTrue is about to create, as the before_user_created hook sees it (not saved yet).
 * @param {{ id: string, email: string, appMetadata: object, userMetadata: object }} user
 */
export function prospectiveUser({ id, email, appMetadata, userMetadata }) {
  return {
    id,
    aud: AUDIENCE,
    role: '',
    email: email.toLowerCase(),
    phone: '',
    app_metadata: appMetadata,
    user_metadata: userMetadata,
    identities: [],
    created_at: ZERO_TIME,
    updated_at: ZERO_TIME,
    is_anonymous: false,
  };
}

/** @param {Db} db @param {Row} user */
export async function userJson(db, user) {
  return serializeUser(user, await identitiesOf(db, user.id));
}
