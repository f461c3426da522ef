// Signed URLs: a JWT signed with the project's secret naming `bucket/key` and the `download`
// scope, as storage-api issues them. Signing needs the caller to be able to read the object;
// fetching with the token needs nothing else until it expires.
import { jwtVerify, SignJWT } from 'jose';
import { resolveCaller } from './caller.mjs';
import { asCaller } from './db.mjs';
import { ERRORS } from './errors.mjs';
import { mustBeValidBucketName, mustBeValidKey } from './keys.mjs';
import { findObjectAsCaller, findObjectAsSuperuser, sendObject } from './object-reads.mjs';
import { readJson, refuseTransform, requireExpiresIn, requireStringArray } from './request.mjs';
import { sendJson } from '../http.mjs';

const DOWNLOAD_SCOPE = 'download';
const secretKey = (secret) => new TextEncoder().encode(secret);

async function signDownload(secret, objectPath, expiresIn) {
  const token = await new SignJWT({ url: objectPath, scope: DOWNLOAD_SCOPE })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
    .sign(secretKey(secret));
  return `/object/sign/${objectPath}?token=${token}`;
}

/** POST /object/sign/{bucket}/{key} with `{ expiresIn }` → `{ signedURL }`. */
export async function signObjectUrl(ctx, req, res, bucketId, key) {
  const caller = await resolveCaller(req, ctx.verifyJwt);
  mustBeValidBucketName(bucketId);
  mustBeValidKey(key);
  const body = await readJson(req);
  const expiresIn = requireExpiresIn(body);
  // storage-api would sign a /render/image URL; with no renderer here, refuse rather than sign the original.
  refuseTransform(body);
  await findObjectAsCaller(ctx, caller, bucketId, key);
  sendJson(res, 200, { signedURL: await signDownload(ctx.cfg.jwtSecret, `${bucketId}/${key}`, expiresIn) });
}

/** POST /object/sign/{bucket} with `{ expiresIn, paths }`: one entry per path, an error for the unreadable. */
export async function signObjectUrls(ctx, req, res, bucketId) {
  const caller = await resolveCaller(req, ctx.verifyJwt);
  mustBeValidBucketName(bucketId);
  const body = await readJson(req);
  const expiresIn = requireExpiresIn(body);
  const paths = requireStringArray(body, 'paths');
  const readable = await asCaller(ctx.pool, caller, async (db) => {
    const { rows } = await db.query('select name from storage.objects where bucket_id = $1 and name = any($2)', [bucketId, paths]);
    return new Set(rows.map((row) => row.name));
  });
  const results = await Promise.all(
    paths.map(async (path) =>
      readable.has(path)
        ? { error: null, path, signedURL: await signDownload(ctx.cfg.jwtSecret, `${bucketId}/${path}`, expiresIn) }
        : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
    ),
  );
  sendJson(res, 200, results);
}

/** GET /object/sign/{bucket}/{key}?token=… */
export async function getSignedObject(ctx, req, res, bucketId, key, url) {
  mustBeValidBucketName(bucketId);
  mustBeValidKey(key);
  const token = url.searchParams.get('token');
  if (!token) throw ERRORS.invalidRequest("querystring must have required property 'token'");
  let payload;
  try {
    ({ payload } = await jwtVerify(token, secretKey(ctx.cfg.jwtSecret), { algorithms: ['HS256'] }));
  } catch (error) {
    throw ERRORS.invalidJwt(error.message);
  }
  if (payload.scope !== DOWNLOAD_SCOPE) throw ERRORS.invalidSignature(`Token is not scoped for ${DOWNLOAD_SCOPE}`);
  if (payload.url !== `${bucketId}/${key}`) throw ERRORS.invalidSignature();
  const object = await findObjectAsSuperuser(ctx, bucketId, key);
  await sendObject(ctx, req, res, object, url, { expires: new Date(payload.exp * 1000).toUTCString() });
}
