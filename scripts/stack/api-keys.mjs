// @ts-check
// The project's API keys as Supabase's gateway knows them: the publishable key (`anon`), the
// secret key (`service_role`), and the legacy JWT keys, each recognised by its role claim. For the
// opaque keys the gateway mints a short-lived JWT that the services behind it verify like any other.
import { signAsymmetricJwt } from '../lib/jwt.mjs';

/** How long a minted token lives: long enough for one request, even a slow upload or function. */
const MINTED_TOKEN_SECONDS = 300;
const LEGACY_KEY_ROLES = ['anon', 'service_role'];

/** Whether the value has the shape of Supabase's opaque API keys (`sb_publishable_…`, `sb_secret_…`). */
export const isOpaqueKey = (/** @type {unknown} */ value) => typeof value === 'string' && value.startsWith('sb_');

/**
 * @param {ReturnType<import('../lib/config.mjs').stackConfig>} cfg
 * @param {(token: string) => Promise<Record<string, unknown>>} verifyJwt the project's verifier
 */
export function createApiKeys(cfg, verifyJwt) {
  /** @type {Map<string, { role: string, kind: 'publishable' | 'secret' | 'legacy' }>} */
  const opaque = new Map([
    [cfg.publishableKey, { role: 'anon', kind: 'publishable' }],
    [cfg.secretKey, { role: 'service_role', kind: 'secret' }],
  ]);
  /** @type {Map<string, { token: Promise<string>, exp: number }>} */
  const minted = new Map();

  return {
    /**
     * The key's role and kind, or null when it is none of the project's keys.
     * @param {string} key
     * @returns {Promise<{ role: string, kind: 'publishable' | 'secret' | 'legacy' } | null>}
     */
    async identify(key) {
      const known = opaque.get(key);
      if (known) return known;
      if (isOpaqueKey(key)) return null;
      const claims = await verifyJwt(key).catch(() => null);
      return claims && LEGACY_KEY_ROLES.includes(String(claims.role)) ? { role: String(claims.role), kind: 'legacy' } : null;
    },

    /**
     * The token the gateway forwards in place of an opaque key (reused while it has a minute left).
     * @param {string} role
     */
    mint(role) {
      const now = Math.floor(Date.now() / 1000);
      const cached = minted.get(role);
      if (cached && cached.exp - now > 60) return cached.token;
      const exp = now + MINTED_TOKEN_SECONDS;
      const token = signAsymmetricJwt({ iss: 'supabase', role, iat: now, exp }, cfg.signingKey);
      minted.set(role, { token, exp });
      token.catch(() => minted.delete(role));
      return token;
    },
  };
}
