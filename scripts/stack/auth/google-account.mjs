// @ts-check
// What happens when "Google" vouches for an e-mail: GoTrue's account linking decision
// (existing google identity, existing user with that e-mail, or a new user), with the
// before_user_created hook run first and only when a new user would be created.
import { createHash, randomUUID } from 'node:crypto';
import { transaction } from './db.mjs';
import { forbidden, unprocessable } from './errors.mjs';
import { runBeforeUserCreated } from './hooks.mjs';
import { findUserByEmail, insertIdentity, insertUser, isBanned, mergeUserMetadata, prospectiveUser, refreshProviders } from './users.mjs';

const PROVIDER = 'google';

/** A stable Google-like subject (21 digits) per e-mail, so the same person maps to one identity. */
/** @param {string} email */
function googleSubject(email) {
  const digest = createHash('sha256').update(email.toLowerCase()).digest();
  return (digest.readBigUInt64BE(0) % 10n ** 21n).toString().padStart(21, '1');
}

/** The identity data GoTrue stores for a Google sign-in (provider.Claims of the id_token). */
/** @param {string} email @param {string} name */
export function googleIdentityData(email, name) {
  const sub = googleSubject(email);
  return {
    iss: 'https://accounts.google.com',
    sub,
    name,
    email: email.toLowerCase(),
    full_name: name,
    provider_id: sub,
    email_verified: true,
    phone_verified: false,
  };
}

/** @param {import('./tokens.mjs').Db} db @param {string} sub @returns {Promise<import('./tokens.mjs').Row | null>} */
async function findGoogleIdentity(db, sub) {
  const { rows } = await db.query('select * from auth.identities where provider = $1 and provider_id = $2', [PROVIDER, sub]);
  return rows[0] ?? null;
}

/**
 * The user this Google sign-in resolves to, created if need be.
 * @param {import('./tokens.mjs').AuthContext} ctx
 * @param {{ email: string, name: string, ip?: string }} person
 * @returns {Promise<import('./tokens.mjs').Row>}
 */
export async function resolveGoogleUser(ctx, { email, name, ip }) {
  const identityData = googleIdentityData(email, name);
  // The account this sign-in is for: the one its Google identity belongs to, else the one with its e-mail.
  const knownUserId = (await findGoogleIdentity(ctx.pool, identityData.sub))?.user_id ?? (await findUserByEmail(ctx.pool, email))?.id;
  if (!knownUserId) {
    if (ctx.settings.disableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    const id = randomUUID();
    const appMetadata = { provider: PROVIDER, providers: [PROVIDER] };
    // Outside any transaction, as GoTrue insists (hooks may not run inside one of its own).
    await runBeforeUserCreated(ctx.hookPool, ctx.settings, prospectiveUser({ id, email, appMetadata, userMetadata: identityData }), ip);
    return transaction(ctx.pool, async (tx) => {
      const user = await insertUser(tx, { id, email, appMetadata, userMetadata: identityData, emailConfirmed: true });
      await insertIdentity(tx, { userId: id, provider: PROVIDER, providerId: identityData.sub, identityData });
      return user;
    });
  }
  return transaction(ctx.pool, async (tx) => {
    // The account is locked before its identity is looked for, so that two first sign-ins at once (two
    // tabs, the test suite's two workers) link it once: the second waits, then finds the identity the
    // first made, instead of failing on its unique key.
    /** @param {string} id */
    const lockUser = async (id) => (await tx.query('select * from auth.users where id = $1 for update', [id])).rows[0];
    let user = await lockUser(knownUserId);
    const identity = await findGoogleIdentity(tx, identityData.sub);
    if (identity) {
      await tx.query('update auth.identities set identity_data = $2, last_sign_in_at = now(), updated_at = now() where id = $1', [identity.id, identityData]);
      // Linked to another account since the lookup above (an identity moved meanwhile): that account is the one signing in.
      if (identity.user_id !== user.id) user = await lockUser(identity.user_id);
    } else {
      // A verified e-mail links to the existing account (GoTrue's automatic linking).
      await insertIdentity(tx, { userId: user.id, provider: PROVIDER, providerId: identityData.sub, identityData });
    }
    user = await mergeUserMetadata(tx, user, identityData);
    user = await refreshProviders(tx, user);
    if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
    if (!user.email_confirmed_at) {
      user = (await tx.query('update auth.users set email_confirmed_at = now(), updated_at = now() where id = $1 returning *', [user.id])).rows[0];
    }
    return user;
  });
}
