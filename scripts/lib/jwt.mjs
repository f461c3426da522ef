// HS256 JWTs signed with the project's secret, as Supabase Auth issues them.
import { jwtVerify, SignJWT } from 'jose';

const key = (secret) => new TextEncoder().encode(secret);

export async function signJwt(claims, secret) {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key(secret));
}

/** The verified claims, or null when the token is malformed, forged or expired. */
export async function verifyJwt(token, secret) {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    return payload;
  } catch {
    return null;
  }
}
