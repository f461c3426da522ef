// @ts-check
// The signed-in user's own endpoints: GET /user, PUT /user (metadata and password), and
// POST /logout with GoTrue's scopes (global, local, others).
import { sendJson } from '../http.mjs';
import { requireUser } from './authenticate.mjs';
import { transaction } from './db.mjs';
import { badRequest, forbidden, unprocessable } from './errors.mjs';
import { checkPasswordStrength, hashPassword, passwordMatches } from './passwords.mjs';
import { field, readJsonParams } from './request.mjs';
import { logout as logoutScopes } from './sessions.mjs';
import { mergeUserMetadata, userJson } from './users.mjs';
import { validateEmail } from './validation.mjs';

/** @type {import('./tokens.mjs').Handler} */
export async function getUser(ctx, req, res) {
  const { claims, user } = await requireUser(ctx, req);
  const audience = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
  if (audience !== 'authenticated') throw badRequest('validation_failed', "Token audience doesn't match request audience");
  sendJson(res, 200, await userJson(ctx.pool, user));
}

/** @type {import('./tokens.mjs').Handler} */
export async function updateUser(ctx, req, res) {
  const { user, session } = await requireUser(ctx, req);
  const params = await readJsonParams(req);
  const data = field(params, 'data', 'object');
  const password = field(params, 'password', 'string');
  const email = field(params, 'email', 'string');
  const phone = field(params, 'phone', 'string');
  // GoTrue checks the parameters (validateUserUpdateParams) before deciding anything else.
  const newEmail = email ? validateEmail(email) : undefined;
  if (password !== undefined) checkPasswordStrength(password);
  if (field(params, 'app_metadata', 'object') !== undefined) {
    throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  }
  // Changing the address needs confirmation mails GoTrue would send; the emulator has no mailer.
  if ((newEmail && newEmail !== user.email) || (phone && phone !== (user.phone ?? ''))) {
    throw unprocessable('validation_failed', 'Email and phone changes are not supported by the local auth emulator');
  }
  const updated = await transaction(ctx.pool, async (tx) => {
    let current = (await tx.query('select * from auth.users where id = $1 for update', [user.id])).rows[0];
    // GoTrue stores a password even with the e-mail provider off (it refuses signing in with it, at
    // /token), and a new password signs the person out of every other session (UpdatePassword).
    if (password !== undefined) {
      if (await passwordMatches(tx, password, current.encrypted_password)) {
        throw unprocessable('same_password', 'New password should be different from the old password.');
      }
      current = (
        await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1 returning *', [
          user.id,
          await hashPassword(tx, password),
        ])
      ).rows[0];
      await (session ? logoutScopes.others(tx, user.id, session.id) : logoutScopes.global(tx, user.id));
    }
    if (data) current = await mergeUserMetadata(tx, current, data);
    return current;
  });
  sendJson(res, 200, await userJson(ctx.pool, updated));
}

/** @type {import('./tokens.mjs').Handler} */
export async function logout(ctx, req, res, url) {
  const { user, session } = await requireUser(ctx, req);
  const scope = url.searchParams.get('scope') || 'global';
  if (!(scope in logoutScopes)) throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
  // A token without a session can only mean "everywhere" (GoTrue falls back to global).
  await logoutScopes[session ? scope : 'global'](ctx.pool, user.id, session?.id);
  res.writeHead(204);
  res.end();
}
