// storage-api's route table, matched the way its router (Fastify's find-my-way) matches: for one
// method, a fixed word beats a parameter and a parameter beats the wildcard rest, segment by
// segment, and a route that fails further along gives way to the next one. So a word storage-api
// has a route for (`list-v2`, `sign`, `upload/sign`…) is never taken for a bucket name there,
// and is one where it has none: `POST /object/list/a/b` uploads `b` into the bucket `list`.
import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket } from './buckets.mjs';
import { ERRORS } from './errors.mjs';
import { downloadObject, downloadPublicObject, listObjects, objectInfo } from './object-reads.mjs';
import { copyObject, moveObject, removeObject, removeObjects, uploadObject } from './object-writes.mjs';
import { getSignedObject, signObjectUrl, signObjectUrls } from './signed-urls.mjs';

/** A storage-api route the emulator does not implement: refused with storage-api's 404, saying so. */
export const NOT_EMULATED = Symbol('not emulated');
/** Image transformation routes: refused, since the emulator cannot transform images. */
const RENDER = () => {
  throw ERRORS.transformationsNotAvailable();
};

// Handlers get (ctx, req, res, params, url); params holds the named segments and `*`, decoded.
const object = {
  download: (ctx, req, res, p, url) => downloadObject(ctx, req, res, p.bucket, p['*'], url),
  info: (ctx, req, res, p) => objectInfo(ctx, req, res, p.bucket, p['*']),
};
// GET routes, which storage-api also answers for HEAD (with headers only).
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
  ['/render/image/sign/:bucket/*', RENDER],
];

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

function decode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    throw ERRORS.invalidKey(text);
  }
}

const STATIC = 0;
const PARAM = 1;
const WILDCARD = 2;

/** The segment kinds a pattern matched the path with, or null when it does not match. */
function matchPattern(pattern, segments) {
  const parts = pattern.split('/').slice(1);
  const ranks = [];
  const params = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (part === '*') {
      // The rest of the path, slashes included, possibly empty.
      if (i >= segments.length) return null;
      params['*'] = segments.slice(i).join('/');
      ranks.push(WILDCARD);
      return { ranks, params };
    }
    if (i >= segments.length) return null;
    if (part.startsWith(':')) {
      if (segments[i] === '') return null;
      params[part.slice(1)] = segments[i];
      ranks.push(PARAM);
    } else {
      if (segments[i] !== part) return null;
      ranks.push(STATIC);
    }
  }
  return parts.length === segments.length ? { ranks, params } : null;
}

const compareRanks = (a, b) => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
};

/**
 * @param {string} method
 * @param {string} path the path under /storage/v1, still percent-encoded
 * @returns {{ handler: Function | typeof NOT_EMULATED, params: Record<string, string> } | null}
 */
export function findRoute(method, path) {
  if (NOT_EMULATED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return { handler: NOT_EMULATED, params: {} };
  const segments = path.split('/').slice(1);
  let best = null;
  for (const [pattern, handler] of ROUTES[method] ?? []) {
    const match = matchPattern(pattern, segments);
    if (match && (!best || compareRanks(match.ranks, best.ranks) < 0)) best = { ...match, handler };
  }
  if (!best) return null;
  // Like find-my-way, parameters are matched on the raw path and decoded afterwards.
  const params = Object.fromEntries(Object.entries(best.params).map(([name, value]) => [name, decode(value)]));
  return { handler: best.handler, params };
}
