// @ts-check
// Signed URLs: a JWT signed with the project's secret naming `bucket/key` and the `download`
// scope, as storage-api issues them. Signing needs the caller to be able to read the object;
// fetching with the token needs nothing else until it expires. With `transform` options the URL is a
// /render/image/sign one carrying the transformations, as on a project with image transformations;
// fetching it is refused (501) after the same checks, since the emulator renders nothing.
import { jwtVerify, SignJWT } from 'jose';
import { resolveCaller } from './caller.mjs';
import { asCaller } from './db.mjs';
import { ERRORS } from './errors.mjs';
import { mustBeValidBucketName, mustBeValidKey } from './keys.mjs';
import { findObjectAsCaller, findObjectAsSuperuser, sendObject } from './object-reads.mjs';
import { readJson, requireExpiresIn, requireStringArray } from './request.mjs';
import { readTransform, transformationClaims } from './transformations.mjs';
import { sendJson } from '../http.mjs';

const DOWNLOAD_SCOPE = 'download';
/**
 * @param {string} secret
 */
const secretKey = (secret) => new TextEncoder().encode(secret);

/**
 * storage-api's signObjectUrl: the claims are spread first so that `url` and `scope` always win.
 * @param {string} secret
 * @param {string} objectPath `bucket/key`
 * @param {number} expiresIn seconds
 * @param {{ transformations?: string, format?: string }} [claims]
 * @param {{ transformations?: string, format?: string }} [claims]
 */
async function signDownload(secret, objectPath, expiresIn, claims = {}) {
  const token = await new SignJWT({ ...claims, url: objectPath, scope: DOWNLOAD_SCOPE })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
    .sign(secretKey(secret));
  return `/${claims.transformations ? 'render/image' : 'object'}/sign/${objectPath}?token=${token}`;
}

/**
 * POST /object/sign/{bucket}/{key} with `{ expiresIn, transform? }` → `{ signedURL }`.
 * @param {import('./index.mjs').StorageContext} ctx
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} bucketId
 * @param {string} key
 */
export async function signObjectUrl(ctx, req, res, bucketId, key) {
  const caller = await resolveCaller(req, ctx.verifyJwt);
  mustBeValidBucketName(bucketId);
  mustBeValidKey(key);
  const body = await readJson(req);
  const expiresIn = requireExpiresIn(body);
  const claims = transformationClaims(readTransform(body));
  await findObjectAsCaller(ctx, caller, bucketId, key);
  sendJson(res, 200, { signedURL: await signDownload(ctx.cfg.jwtSecret, `${bucketId}/${key}`, expiresIn, claims) });
}

/**
 * POST /object/sign/{bucket} with `{ expiresIn, paths }`: one entry per path, an error for the unreadable.
 * @param {import('./index.mjs').StorageContext} ctx
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} bucketId
 */
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

/**
 * storage-api's verifyObjectSignature, then the object as its own superuser finds it.
 * @param {import('./index.mjs').StorageContext} ctx
 * @param {string} bucketId
 * @param {string} key
 * @param {URL} url
 */
async function signedObject(ctx, bucketId, key, url) {
  mustBeValidBucketName(bucketId);
  mustBeValidKey(key);
  const token = url.searchParams.get('token');
  if (!token) throw ERRORS.invalidRequest("querystring must have required property 'token'");
  let payload;
  try {
    ({ payload } = await jwtVerify(token, secretKey(ctx.cfg.jwtSecret), { algorithms: ['HS256'] }));
  } catch (error) {
    throw ERRORS.invalidJwt(/** @type {Error} */ (error).message);
  }
  if (payload.scope !== DOWNLOAD_SCOPE) throw ERRORS.invalidSignature(`Token is not scoped for ${DOWNLOAD_SCOPE}`);
  if (payload.url !== `${bucketId}/${key}`) throw ERRORS.invalidSignature();
  return { payload, object: await findObjectAsSuperuser(ctx, bucketId, key) };
}

/**
 * GET /object/sign/{bucket}/{key}?token=… (a token with transformations gets the original here, as in storage-api).
 * @param {import('./index.mjs').StorageContext} ctx
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} bucketId
 * @param {string} key
 * @param {URL} url
 */
export async function getSignedObject(ctx, req, res, bucketId, key, url) {
  const { payload, object } = await signedObject(ctx, bucketId, key, url);
  await sendObject(ctx, req, res, object, url, { expires: new Date(payload.exp * 1000).toUTCString() });
}

/**
 * GET /render/image/sign/{bucket}/{key}?token=…: checked as storage-api checks it, then refused: nothing renders here.
 * @param {import('./index.mjs').StorageContext} ctx
 * @param {import('node:http').IncomingMessage} _req
 * @param {import('node:http').ServerResponse} _res
 * @param {string} bucketId
 * @param {string} key
 * @param {URL} url
 */
export async function getSignedRender(ctx, _req, _res, bucketId, key, url) {
  await signedObject(ctx, bucketId, key, url);
  throw ERRORS.transformationsNotAvailable();
}
