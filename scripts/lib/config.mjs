// @ts-check
// One place for the local stack's ports, keys and folders.
// The dev profile listens where `supabase start` does; the test profile uses other
// ports and another cluster so that `npm test` never disturbs a running `npm start`.
// Every value can be overridden by environment (SAVIA_*), so parallel stacks can coexist.
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The API keys `supabase start` prints (Supabase CLI, pkg/config/apikeys.go): the gateway maps
 * the publishable key to `anon` and the secret key to `service_role`.
 */
export const PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

/**
 * The CLI's demo signing key (pkg/config/config.go, `auth.signing_keys`): Auth signs session
 * tokens with it (ES256, this `kid`) and publishes its public half at /auth/v1/.well-known/jwks.json.
 * Public on purpose, like the demo JWT secret: only for local stacks.
 */
export const SIGNING_KEY = Object.freeze({
  kty: 'EC',
  kid: 'b81269f1-21d8-4f2e-b719-c2240a840d90',
  use: 'sig',
  key_ops: ['sign', 'verify'],
  alg: 'ES256',
  ext: true,
  crv: 'P-256',
  x: 'M5Sjqn5zwC9Kl1zVfUUGvv9boQjCGd45G8sdopBExB4',
  y: 'P6IXMvA2WYXSHSOMTBH2jsw_9rrzGy89FjPf6oOsIxQ',
  d: 'dIhR8wywJlqlua4y_yMq2SLhlFXDZJBCvFrY1DCHyVU',
});

/**
 * Supabase's legacy demo secret and the legacy keys signed with it (deprecated in `supabase status`,
 * still accepted, as on a hosted project until its legacy keys are disabled).
 */
export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

const PROFILES = {
  dev: { dbPort: 54322, apiPort: 54321, restPort: 54330, appPort: 5173 },
  test: { dbPort: 55322, apiPort: 55321, restPort: 55330, appPort: 55173 },
};

/** @param {string} name @param {number} fallback */
const int = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);

/**
 * The cluster lives in the checkout (git-ignored) when the `postgres` OS user can reach it;
 * a checkout inside root's home is not traversable, so then it lives under /var/tmp.
 */
function defaultDataRoot() {
  const inRepo = join(ROOT, '.local');
  if (process.getuid?.() !== 0) return inRepo;
  const hash = createHash('sha1').update(ROOT).digest('hex').slice(0, 8);
  return process.env.SAVIA_DATA_ROOT ?? (isTraversableByOthers(ROOT) ? inRepo : `/var/tmp/savia-${hash}`);
}

/** @param {string} path */
function isTraversableByOthers(path) {
  // Every ancestor must grant execute to "others" for the postgres user to reach it.
  for (let dir = path; ; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return false;
    if (dirname(dir) === dir) return true;
  }
}

/** @param {string} [profile] `dev` (npm start) or `test` (npm test) */
export function stackConfig(profile = process.env.SAVIA_PROFILE ?? 'dev') {
  const p = PROFILES[/** @type {keyof typeof PROFILES} */ (profile)];
  if (!p) throw new Error(`Perfil desconocido: ${profile}`);
  const dataRoot = defaultDataRoot();
  const dbPort = int('SAVIA_DB_PORT', p.dbPort);
  const apiPort = int('SAVIA_API_PORT', p.apiPort);
  // The mail server sits beside the API as Supabase CLI's does (web inbox +3, SMTP +4: 54324 and
  // 54325 for the dev profile), so parallel stacks with their own API port never share one.
  const mailWebPort = int('SAVIA_MAIL_WEB_PORT', apiPort + 3);
  const dataDir = process.env.SAVIA_DATA_DIR ?? join(dataRoot, `${profile}-${dbPort}`);
  return {
    profile,
    dbPort,
    apiPort,
    restPort: int('SAVIA_REST_PORT', p.restPort),
    // PostgREST's admin server (/ready): REST + 100 unless a parallel stack already holds that port.
    restAdminPort: int('SAVIA_REST_ADMIN_PORT', int('SAVIA_REST_PORT', p.restPort) + 100),
    appPort: int('SAVIA_APP_PORT', p.appPort),
    mailWebPort,
    smtpPort: int('SAVIA_SMTP_PORT', apiPort + 4),
    mailUrl: `http://127.0.0.1:${mailWebPort}`,
    dataDir,
    pgData: join(dataDir, 'pg'),
    storageDir: join(dataDir, 'storage'),
    logDir: join(dataDir, 'logs'),
    dbUrl: `postgresql://postgres:postgres@127.0.0.1:${dbPort}/postgres`,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    publicApiUrl: `http://127.0.0.1:${apiPort}`,
    siteUrl: process.env.SAVIA_SITE_URL ?? `http://127.0.0.1:${int('SAVIA_APP_PORT', p.appPort)}`,
    publishableKey: PUBLISHABLE_KEY,
    secretKey: SECRET_KEY,
    signingKey: SIGNING_KEY,
    jwtSecret: JWT_SECRET,
    anonKey: ANON_KEY,
    serviceRoleKey: SERVICE_ROLE_KEY,
  };
}

/** @typedef {ReturnType<typeof stackConfig>} StackConfig */
