// @ts-check
// The auth emulator: GoTrue's HTTP API on /auth/v1, as supabase-js uses it. The gateway calls
// `handle` with the path after /auth/v1 (having checked the apikey where Kong would).
import { createAuthPool } from './db.mjs';
import { sendAuthError } from './errors.mjs';
import { route } from './routes.mjs';
import { authSettings } from './settings.mjs';

/**
 * @param {{ cfg: ReturnType<import('../../lib/config.mjs').stackConfig>, pool: import('pg').Pool,
 *   verifyJwt: (token: string) => Promise<import('jose').JWTPayload> }} deps
 *   pool: the stack's postgres connection, used only to read the seed's demo accounts.
 *   verifyJwt: the project's verifier (signing keys and legacy secret).
 */
export function createAuthService({ cfg, pool, verifyJwt }) {
  const settings = authSettings(cfg);
  const authPool = createAuthPool(cfg, 4);
  // Hooks get their own connections: they run in their own transaction while a token
  // transaction may be holding one of the auth pool's.
  const hookPool = createAuthPool(cfg, 2);
  /** @type {import('./tokens.mjs').AuthContext} */
  const ctx = { pool: authPool, hookPool, settings, verifyJwt };

  return {
    /** @type {import('../gateway.mjs').Service['handle']} */
    async handle(req, res, subPath, url) {
      try {
        const handler = route(subPath, req.method ?? 'GET');
        await handler(ctx, req, res, url, pool);
      } catch (error) {
        if (res.headersSent) return void res.end();
        sendAuthError(req, res, error);
      }
    },
    close: () => Promise.all([authPool.end(), hookPool.end()]),
  };
}
