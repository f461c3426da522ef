// @ts-check
// storage-api's route table, matched by the router storage-api itself runs on (Fastify's
// find-my-way, with storage-api's maxParamLength): for one method, a fixed word beats a parameter
// and a parameter beats the wildcard rest, and a route that fails further along gives way to the
// next one. So a word storage-api has a route for (`list-v2`, `sign`, `upload/sign`…) is never
// taken for a bucket name there, and is one where it has none: `POST /object/list/a/b` uploads `b`
// into the bucket `list`. Parameters are matched on the raw path and decoded by the router.
import FindMyWay from 'find-my-way';
import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket } from './buckets.mjs';
import { ERRORS } from './errors.mjs';
import { downloadObject, downloadPublicObject, listObjects, objectInfo } from './object-reads.mjs';
import { copyObject, moveObject, removeObject, removeObjects, uploadObject } from './object-writes.mjs';
import { getSignedObject, getSignedRender, signObjectUrl, signObjectUrls } from './signed-urls.mjs';

/**
 * @typedef {(ctx: import('./index.mjs').StorageContext, req: import('node:http').IncomingMessage,
 *   res: import('node:http').ServerResponse, params: Record<string, string>, url: URL) => unknown} RouteHandler
 */

/** A storage-api route the emulator does not implement: refused with storage-api's 404, saying so (a marker, never called). */
export function NOT_EMULATED() {
  throw new Error('not emulated');
}
/** Image transformation routes: refused, since the emulator cannot transform images (signed ones check their token first). */
/** @type {RouteHandler} */
const RENDER = () => {
  throw ERRORS.transformationsNotAvailable();
};

// Handlers get (ctx, req, res, params, url); params holds the named segments and `*`, decoded.
/** @type {Record<string, RouteHandler>} */
const object = {
  download: (ctx, req, res, p, url) => downloadObject(ctx, req, res, p.bucket, p['*'], url),
  info: (ctx, req, res, p) => objectInfo(ctx, req, res, p.bucket, p['*']),
};
// GET routes, which storage-api also answers for HEAD (with headers only).
/** @type {[string, RouteHandler][]} */
const READS = [
  ['/bucket', (ctx, req, res) => listBuckets(ctx, req, res)],
  ['/bucket/', (ctx, req, res) => listBuckets(ctx, req, res)],
  ['/bucket/:id', (ctx, req, res, p) => getBucket(ctx, req, res, p.id)],
  ['/object/authenticated/:bucket/*', object.download],
  ['/object/public/:bucket/*', (ctx, req, res, p, url) => downloadPublicObject(ctx, req, res, p.bucket, p['*'], url)],
  ['/object/sign/:bucket/*', (ctx, req, res, p, url) => getSignedObject(ctx, req, res, p.bucket, p['*'], url)],
  ['/object/info/public/:bucket/*', (ctx, req, res, p) => objectInfo(ctx, req, res, p.bucket, p['*'], { isPublic: true })],
  ['/object/info/authenticated/:bucket/*', object.info],
  ['/object/info/:bucket/*', object.info],
  ['/object/:bucket/*', object.download],
  ['/render/image/authenticated/:bucket/*', RENDER],
  ['/render/image/public/:bucket/*', RENDER],
  ['/render/image/sign/:bucket/*', (ctx, req, res, p, url) => getSignedRender(ctx, req, res, p.bucket, p['*'], url)],
];

/** @type {Record<string, [string, RouteHandler][]>} */
const ROUTES = {
  GET: READS,
  HEAD: READS,
  POST: [
    ['/bucket', (ctx, req, res) => createBucket(ctx, req, res)],
    ['/bucket/', (ctx, req, res) => createBucket(ctx, req, res)],
    ['/bucket/:id/empty', (ctx, req, res, p) => emptyBucket(ctx, req, res, p.id)],
    ['/object/move', (ctx, req, res) => moveObject(ctx, req, res)],
    ['/object/copy', (ctx, req, res) => copyObject(ctx, req, res)],
    ['/object/list/:bucket', (ctx, req, res, p) => listObjects(ctx, req, res, p.bucket)],
    ['/object/list-v2/:bucket', NOT_EMULATED],
    ['/object/sign/:bucket', (ctx, req, res, p) => signObjectUrls(ctx, req, res, p.bucket)],
    ['/object/sign/:bucket/*', (ctx, req, res, p) => signObjectUrl(ctx, req, res, p.bucket, p['*'])],
    ['/object/upload/sign/:bucket/*', NOT_EMULATED],
    ['/object/:bucket/*', (ctx, req, res, p) => uploadObject(ctx, req, res, p.bucket, p['*'])],
  ],
  PUT: [
    ['/bucket/:id', (ctx, req, res, p) => updateBucket(ctx, req, res, p.id)],
    ['/object/upload/sign/:bucket/*', NOT_EMULATED],
    ['/object/:bucket/*', (ctx, req, res, p) => uploadObject(ctx, req, res, p.bucket, p['*'], { forceUpsert: true })],
  ],
  DELETE: [
    ['/bucket/:id', (ctx, req, res, p) => deleteBucket(ctx, req, res, p.id)],
    ['/object/:bucket', (ctx, req, res, p) => removeObjects(ctx, req, res, p.bucket)],
    ['/object/:bucket/*', (ctx, req, res, p) => removeObject(ctx, req, res, p.bucket, p['*'])],
  ],
};

// storage-api services that the emulator leaves out entirely, whatever the method and path:
// resumable uploads (TUS), the S3 protocol, CDN cache purges, Iceberg and vector buckets.
export const NOT_EMULATED_PREFIXES = ['/upload/resumable', '/s3', '/cdn', '/iceberg', '/vector'];

const router = FindMyWay({
  // storage-api's routerOptions (src/start/server.ts): object names are long.
  maxParamLength: 2500,
  // A path whose escapes do not decode names no object: refused as an invalid key.
  onBadUrl: (path) => {
    throw ERRORS.invalidKey(path);
  },
});
for (const [method, routes] of Object.entries(ROUTES)) {
  for (const [pattern, handler] of routes) router.on(/** @type {import('find-my-way').HTTPMethod} */ (method), pattern, /** @type {any} */ (handler));
}
for (const prefix of NOT_EMULATED_PREFIXES) {
  for (const pattern of [prefix, `${prefix}/*`]) router.all(pattern, NOT_EMULATED);
}

/**
 * @param {string} method
 * @param {string} path the path under /storage/v1, still percent-encoded
 * @returns {{ handler: RouteHandler | typeof NOT_EMULATED, params: Record<string, string> } | null}
 */
export function findRoute(method, path) {
  const found = router.find(/** @type {import('find-my-way').HTTPMethod} */ (method), path);
  if (!found) return null;
  return { handler: /** @type {any} */ (found.handler), params: /** @type {Record<string, string>} */ ({ ...found.params }) };
}
