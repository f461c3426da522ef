// The JWT check that `supabase functions serve` does in front of every function whose config
// does not say `verify_jwt = false`: same messages, status 401, CORS preflights let through.
import { decodeProtectedHeader, jwtVerify } from 'jose';

/** @returns {Promise<null | { status: number, body: object }>} null when the request may pass */
export async function checkJwt(req, secret) {
  if (req.method === 'OPTIONS') return null;
  const header = req.headers.authorization;
  if (!header) return refuse('Error: Missing authorization header');
  const [scheme, token] = header.split(' ');
  if (scheme !== 'Bearer') return refuse("Error: Auth header is not 'Bearer {token}'");
  try {
    if (decodeProtectedHeader(token ?? '').alg !== 'HS256') return refuse('Invalid JWT');
  } catch (error) {
    return refuse(String(error));
  }
  try {
    await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    return null;
  } catch {
    return refuse('Invalid JWT');
  }
}

const refuse = (msg) => ({ status: 401, body: { msg } });
