// @ts-check
// The JWT check that `supabase functions serve` does in front of every function whose config
// does not say `verify_jwt = false`: same messages, status 401, CORS preflights let through.
// Like the CLI's edge runtime it verifies HS256 tokens with the legacy secret and ES256 tokens
// with the signing keys. A publishable or secret key passes too, as on hosted projects, because
// the gateway has already put the JWT it minted for that key in `Authorization`.
import { decodeProtectedHeader } from 'jose';

const VERIFIED_ALGORITHMS = ['HS256', 'ES256'];

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {(token: string) => Promise<unknown>} verifyJwt the project's verifier
 * @returns {Promise<null | { status: number, body: object }>} null when the request may pass
 */
export async function checkJwt(req, verifyJwt) {
  if (req.method === 'OPTIONS') return null;
  const header = req.headers.authorization;
  if (!header) return refuse('Error: Missing authorization header');
  const [scheme, token] = header.split(' ');
  if (scheme !== 'Bearer') return refuse("Error: Auth header is not 'Bearer {token}'");
  try {
    if (!VERIFIED_ALGORITHMS.includes(decodeProtectedHeader(token ?? '').alg ?? '')) return refuse('Invalid JWT');
  } catch (error) {
    return refuse(String(error));
  }
  try {
    await verifyJwt(token ?? '');
    return null;
  } catch {
    return refuse('Invalid JWT');
  }
}

const refuse = (/** @type {string} */ msg) => ({ status: 401, body: { msg } });
