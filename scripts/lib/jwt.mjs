// @ts-check
// The project's JWTs as Supabase signs and checks them: session tokens signed with an asymmetric
// key (ES256, with its `kid`), and legacy HS256 tokens signed with the JWT secret (the legacy
// anon/service_role keys, and any token minted with the secret), which every service still accepts.
import { createLocalJWKSet, importJWK, jwtVerify, SignJWT } from 'jose';

/**
 * @typedef {import('jose').JWK & { kid: string, alg: string }} SigningKey the project's signing key (private)
 * @typedef {{ signingKey: SigningKey, jwtSecret: string }} KeyConfig
 */

/** @param {string} secret */

const secretKey = (secret) => new TextEncoder().encode(secret);

/**
 * An HS256 token signed with the legacy JWT secret.
 * @param {import('jose').JWTPayload} claims
 * @param {string} secret
 */
export async function signJwt(claims, secret) {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secretKey(secret));
}

/**
 * The public half of a signing key, as Auth publishes it (only `verify` among its operations).
 * @param {SigningKey} key
 */
export function publicJwk({ kty, kid, use, alg, ext, crv, x, y, key_ops: ops = [] }) {
  return { kty, kid, use, alg, ext, crv, x, y, key_ops: ops.filter((op) => op === 'verify') };
}

/**
 * What Auth serves at /.well-known/jwks.json: public keys only, never the shared secret.
 * @param {Pick<KeyConfig, 'signingKey'>} cfg
 */
export function publishedJwks(cfg) {
  return { keys: [publicJwk(cfg.signingKey)] };
}

/**
 * The key set the API services verify with, as the Supabase CLI hands it to PostgREST: the
 * signing key's public half and the legacy secret as an `oct` key, so HS256 tokens still verify.
 * @param {KeyConfig} cfg
 */
export function verifierJwks(cfg) {
  return { keys: [...publishedJwks(cfg).keys, { kty: 'oct', k: Buffer.from(cfg.jwtSecret).toString('base64url') }] };
}

/** @type {WeakMap<SigningKey, Promise<CryptoKey | Uint8Array>>} */
const privateKeys = new WeakMap();

/**
 * A token signed with the project's signing key, its `kid` in the header, as Auth signs sessions.
 * @param {import('jose').JWTPayload} claims
 * @param {SigningKey} signingKey
 */
export async function signAsymmetricJwt(claims, signingKey) {
  if (!privateKeys.has(signingKey)) {
    // WebCrypto refuses a private key whose key_ops include `verify`: import the key material only.
    const { kty, crv, x, y, d } = signingKey;
    privateKeys.set(signingKey, importJWK({ kty, crv, x, y, d }, signingKey.alg));
  }
  const key = /** @type {CryptoKey | Uint8Array} */ (await privateKeys.get(signingKey));
  return new SignJWT(claims).setProtectedHeader({ alg: signingKey.alg, kid: signingKey.kid, typ: 'JWT' }).sign(key);
}

/**
 * Verifies tokens the way GoTrue and the CLI's edge runtime do: HS256 against the legacy secret,
 * asymmetric algorithms against the signing keys, chosen by `kid`. Resolves to the claims; rejects
 * with jose's error (expired, bad signature, no key for that `kid`...).
 * @param {KeyConfig} cfg
 * @returns {(token: string) => Promise<import('jose').JWTPayload>}
 */
export function createJwtVerifier(cfg) {
  const secret = secretKey(cfg.jwtSecret);
  const signingKeys = createLocalJWKSet(publishedJwks(cfg));
  /** @type {import('jose').JWTVerifyGetKey} */
  const keyFor = (header, token) => (header.alg === 'HS256' ? secret : signingKeys(header, token));
  return async (token) => (await jwtVerify(token, keyFor, { algorithms: ['HS256', 'ES256'] })).payload;
}
