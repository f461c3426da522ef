// @ts-check
// /admin/users for the service role: list (page/per_page, GoTrue's pagination headers),
// create, get, update (ban_duration included) and delete.
import { randomUUID } from 'node:crypto';
import { sendJson } from '../http.mjs';
import { requireAdmin } from './authenticate.mjs';
import { transaction } from './db.mjs';
import { AuthError, badRequest, notFound, unprocessable } from './errors.mjs';
import { checkPasswordStrength, hashPassword } from './passwords.mjs';
import { field, readJsonParams } from './request.mjs';
import { AUDIENCE, findUserByEmail, findUserById, insertIdentity, insertUser, mergeAppMetadata, mergeUserMetadata, serializeUser, userJson } from './users.mjs';
import { banUntil, validateEmail } from './validation.mjs';

/**
 * @typedef {import('./tokens.mjs').AuthContext} AuthContext
 * @typedef {import('./tokens.mjs').Handler} Handler
 * @typedef {import('../http.mjs').Request} Request
 * @typedef {import('../http.mjs').Response} Response
 * @typedef {(ctx: AuthContext, req: Request, res: Response, userId: string) => Promise<void>} UserHandler
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** @param {URL} url @param {string} name @param {number} fallback */
function pageParam(url, name, fallback) {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw badRequest('validation_failed', `Bad Pagination Parameters: strconv.ParseUint: parsing "${raw}": invalid syntax`);
  return Number(raw);
}

/** @type {Handler} */
async function listUsers(ctx, _req, res, url) {
  const page = Math.max(pageParam(url, 'page', 1), 1);
  const perPage = Math.max(pageParam(url, 'per_page', 50), 1);
  const {
    rows: [{ total }],
  } = await ctx.pool.query('select count(*)::int as total from auth.users where aud = $1', [AUDIENCE]);
  const { rows } = await ctx.pool.query('select * from auth.users where aud = $1 order by created_at desc, id limit $2 offset $3', [
    AUDIENCE,
    perPage,
    (page - 1) * perPage,
  ]);
  const { rows: identities } = await ctx.pool.query('select * from auth.identities where user_id = any($1::uuid[]) order by created_at', [
    rows.map((u) => u.id),
  ]);
  const users = rows.map((u) =>
    serializeUser(
      u,
      identities.filter((i) => i.user_id === u.id),
    ),
  );
  const lastPage = Math.max(Math.ceil(total / perPage), 1);
  const link = (/** @type {number} */ p, /** @type {string} */ rel) => `<${url.pathname}?page=${p}&per_page=${perPage}>; rel="${rel}"`;
  const links = [...(page < lastPage ? [link(page + 1, 'next')] : []), link(lastPage, 'last')];
  sendJson(res, 200, { users, aud: AUDIENCE }, { 'x-total-count': String(total), link: links.join(', ') });
}

/**
 * The admin body, each field with its Go type.
 * @param {Record<string, unknown>} params
 */
function adminParams(params) {
  return {
    id: field(params, 'id', 'string'),
    role: field(params, 'role', 'string'),
    email: field(params, 'email', 'string'),
    phone: field(params, 'phone', 'string'),
    password: field(params, 'password', 'string'),
    emailConfirm: field(params, 'email_confirm', 'boolean') ?? false,
    userMetadata: field(params, 'user_metadata', 'object'),
    appMetadata: field(params, 'app_metadata', 'object'),
    banDuration: field(params, 'ban_duration', 'string'),
  };
}

/** @param {string} userId @param {string} email @param {boolean} verified */
const emailIdentityData = (userId, email, verified) => ({ sub: userId, email, email_verified: verified, phone_verified: false });

/** @type {Handler} */
async function createUser(ctx, req, res) {
  const p = adminParams(await readJsonParams(req));
  if (!p.email && !p.phone) throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
  if (p.phone) throw unprocessable('phone_provider_disabled', 'Phone signups are disabled');
  const email = validateEmail(p.email ?? '');
  if (await findUserByEmail(ctx.pool, email)) throw unprocessable('email_exists', 'A user with this email address has already been registered');
  if (p.id !== undefined && !UUID.test(p.id)) throw badRequest('validation_failed', 'ID must conform to the uuid v4 format');
  if (p.id === '00000000-0000-0000-0000-000000000000') throw badRequest('validation_failed', 'ID cannot be a nil uuid');
  const bannedUntil = banUntil(p.banDuration);
  if (p.password) checkPasswordStrength(p.password);
  const id = p.id ?? randomUUID();
  const user = await transaction(ctx.pool, async (tx) => {
    // Like GoTrue, a user created without a password gets an unguessable one.
    const passwordHash = await hashPassword(tx, p.password || randomUUID() + randomUUID());
    let created = await insertUser(tx, {
      id,
      email,
      passwordHash,
      emailConfirmed: p.emailConfirm,
      role: p.role || AUDIENCE,
      bannedUntil: bannedUntil ?? null,
      appMetadata: { provider: 'email', providers: ['email'] },
      userMetadata: p.userMetadata ?? {},
    });
    await insertIdentity(tx, { userId: id, provider: 'email', providerId: id, identityData: emailIdentityData(id, email, false) });
    if (p.appMetadata) created = await mergeAppMetadata(tx, created, p.appMetadata);
    return created;
  });
  sendJson(res, 200, await userJson(ctx.pool, user));
}

/** @param {AuthContext} ctx @param {string} userId */
async function loadUser(ctx, userId) {
  if (!UUID.test(userId)) throw notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(ctx.pool, userId);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

/** @type {UserHandler} */
async function updateUser(ctx, req, res, userId) {
  const target = await loadUser(ctx, userId);
  const p = adminParams(await readJsonParams(req));
  const email = p.email ? validateEmail(p.email) : undefined;
  if (p.phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  const bannedUntil = banUntil(p.banDuration);
  if (p.password !== undefined) checkPasswordStrength(p.password);
  if (email && email !== target.email && (await findUserByEmail(ctx.pool, email))) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  const user = await transaction(ctx.pool, async (tx) => {
    const set = async (/** @type {string} */ sql, /** @type {unknown[]} */ values) =>
      (await tx.query(`update auth.users set ${sql}, updated_at = now() where id = $1 returning *`, [target.id, ...values])).rows[0];
    let u = (await tx.query('select * from auth.users where id = $1 for update', [target.id])).rows[0];
    if (p.role) u = await set('role = $2', [p.role]);
    if (p.emailConfirm) u = await set('email_confirmed_at = coalesce(email_confirmed_at, now())', []);
    if (p.password !== undefined) u = await set('encrypted_password = $2', [await hashPassword(tx, p.password)]);
    if (email) {
      u = await set('email = $2', [email]);
      const data = emailIdentityData(u.id, email, p.emailConfirm);
      const { rowCount } = await tx.query(
        `update auth.identities set identity_data = identity_data || $2::jsonb, updated_at = now() where user_id = $1 and provider = 'email'`,
        [u.id, { email, email_verified: p.emailConfirm }],
      );
      if (rowCount === 0) await insertIdentity(tx, { userId: u.id, provider: 'email', providerId: u.id, identityData: data });
    }
    if (p.appMetadata) u = await mergeAppMetadata(tx, u, p.appMetadata);
    if (p.userMetadata) u = await mergeUserMetadata(tx, u, p.userMetadata);
    if (bannedUntil !== undefined) u = await set('banned_until = $2', [bannedUntil]);
    return u;
  });
  sendJson(res, 200, await userJson(ctx.pool, user));
}

/** @type {UserHandler} */
async function deleteUser(ctx, req, res, userId) {
  const target = await loadUser(ctx, userId);
  const params = await readJsonParams(req).catch((error) => {
    // GoTrue only parses a non-empty body; an empty one means a hard delete.
    if (error instanceof AuthError && /unexpected end of JSON input/.test(error.message)) return {};
    throw error;
  });
  if (field(params, 'should_soft_delete', 'boolean')) {
    // Soft delete keeps the row but ends every session, as GoTrue does.
    await transaction(ctx.pool, async (tx) => {
      await tx.query('update auth.users set deleted_at = now(), updated_at = now() where id = $1', [target.id]);
      await tx.query('delete from auth.sessions where user_id = $1', [target.id]);
    });
  } else {
    await ctx.pool.query('delete from auth.users where id = $1', [target.id]);
  }
  sendJson(res, 200, {});
}

const safeDecode = (/** @type {string} */ text) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // not a UUID either way, so loadUser answers GoTrue's 404
  }
};

/** @type {UserHandler} */
const getUser = async (ctx, _req, res, userId) => sendJson(res, 200, await userJson(ctx.pool, await loadUser(ctx, userId)));

/**
 * The admin handlers for a path under /admin/users, by method, each behind the service role
 * check; null when the path is not an admin route.
 * @param {string} rest the path after /admin/users
 * @returns {Record<string, Handler> | null}
 */
export function adminHandlers(rest) {
  const one = /^\/([^/]+)\/?$/.exec(rest);
  const userId = one ? safeDecode(one[1]) : null;
  /** @type {Record<string, Handler> | null} */
  const byMethod =
    rest === '' || rest === '/'
      ? { GET: listUsers, POST: createUser }
      : userId
        ? {
            GET: (ctx, req, res) => getUser(ctx, req, res, userId),
            PUT: (ctx, req, res) => updateUser(ctx, req, res, userId),
            DELETE: (ctx, req, res) => deleteUser(ctx, req, res, userId),
          }
        : null;
  if (!byMethod) return null;
  return Object.fromEntries(
    Object.entries(byMethod).map(([method, handler]) => [
      method,
      /** @type {Handler} */
      async (ctx, req, res, url, adminPool) => {
        await requireAdmin(ctx, req);
        return handler(ctx, req, res, url, adminPool);
      },
    ]),
  );
}
