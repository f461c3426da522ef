// The storage emulator: the storage-api endpoints that storage-js calls, with files on disk
// under cfg.storageDir and every storage.objects read or write run as the caller's role with
// the caller's JWT claims, so the project's storage policies decide as they do on Supabase.
import { resolve } from 'node:path';
import { ROOT } from '../../lib/config.mjs';
import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket } from './buckets.mjs';
import { ERRORS, sendError } from './errors.mjs';
import { createFileStore } from './files.mjs';
import { splitBucketPath } from './keys.mjs';
import { downloadObject, downloadPublicObject, listObjects, objectInfo } from './object-reads.mjs';
import { copyObject, moveObject, removeObject, removeObjects, uploadObject } from './object-writes.mjs';
import { projectFileSizeLimit } from './request.mjs';
import { getSignedObject, signObjectUrl, signObjectUrls } from './signed-urls.mjs';
import { sendJson } from '../http.mjs';

/** storage-api's answer for a route it does not have: a real 404. */
function routeNotFound(req, res, subPath, url) {
  sendJson(res, 404, { statusCode: '404', error: 'Not Found', message: `Route ${req.method}:${subPath}${url.search} not found`, code: 'InvalidRequest' });
}

function decode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    throw ERRORS.invalidKey(text);
  }
}

/** Splits the path after /object/ into a bucket and a key, each percent-decoded. */
function bucketAndKey(rest) {
  const { bucket, key } = splitBucketPath(rest);
  return { bucket: decode(bucket), key: decode(key) };
}

/**
 * Picks the handler for a method and path, in storage-api's precedence (fixed prefixes such as
 * `sign/`, `public/`, `list/` before the generic `/{bucket}/{key}`).
 * @returns {((ctx, req, res, url) => Promise<void>) | null}
 */
function route(method, subPath) {
  const bucketRoute = /^\/bucket(?:\/([^/]+))?(\/empty)?\/?$/.exec(subPath);
  if (bucketRoute) {
    const id = bucketRoute[1] && decode(bucketRoute[1]);
    if (bucketRoute[2]) return method === 'POST' && id ? (ctx, req, res) => emptyBucket(ctx, req, res, id) : null;
    if (!id) return { GET: listBuckets, POST: createBucket }[method] ?? null;
    return (
      {
        GET: (ctx, req, res) => getBucket(ctx, req, res, id),
        PUT: (ctx, req, res) => updateBucket(ctx, req, res, id),
        DELETE: (ctx, req, res) => deleteBucket(ctx, req, res, id),
      }[method] ?? null
    );
  }

  const objectRoute = /^\/object\/(.+)$/.exec(subPath);
  if (!objectRoute) return null;
  const rest = objectRoute[1];
  const prefixed = (prefix) => (rest.startsWith(prefix) ? bucketAndKey(rest.slice(prefix.length)) : null);
  const read = method === 'GET' || method === 'HEAD';

  // Signed uploads are not emulated: a clear 404 rather than "bucket 'upload' not found".
  if (rest.startsWith('upload/')) return null;
  if (method === 'POST' && rest === 'move') return moveObject;
  if (method === 'POST' && rest === 'copy') return copyObject;
  if (method === 'POST' && rest.startsWith('list/')) return (ctx, req, res) => listObjects(ctx, req, res, decode(rest.slice(5)));
  let target;
  if ((target = prefixed('sign/'))) {
    const { bucket, key } = target;
    if (method === 'POST') return key ? (ctx, req, res) => signObjectUrl(ctx, req, res, bucket, key) : (ctx, req, res) => signObjectUrls(ctx, req, res, bucket);
    return read && key ? (ctx, req, res, url) => getSignedObject(ctx, req, res, bucket, key, url) : null;
  }
  if ((target = prefixed('public/'))) return read ? (ctx, req, res, url) => downloadPublicObject(ctx, req, res, target.bucket, target.key, url) : null;
  if ((target = prefixed('authenticated/'))) return read ? (ctx, req, res, url) => downloadObject(ctx, req, res, target.bucket, target.key, url) : null;
  if ((target = prefixed('info/public/'))) return method === 'GET' ? (ctx, req, res) => objectInfo(ctx, req, res, target.bucket, target.key, { isPublic: true }) : null;
  if ((target = prefixed('info/authenticated/') ?? prefixed('info/'))) return method === 'GET' ? (ctx, req, res) => objectInfo(ctx, req, res, target.bucket, target.key) : null;

  const { bucket, key } = bucketAndKey(rest);
  if (!key) return method === 'DELETE' ? (ctx, req, res) => removeObjects(ctx, req, res, bucket) : null;
  return (
    {
      POST: (ctx, req, res) => uploadObject(ctx, req, res, bucket, key),
      PUT: (ctx, req, res) => uploadObject(ctx, req, res, bucket, key, { forceUpsert: true }),
      GET: (ctx, req, res, url) => downloadObject(ctx, req, res, bucket, key, url),
      HEAD: (ctx, req, res, url) => downloadObject(ctx, req, res, bucket, key, url),
      DELETE: (ctx, req, res) => removeObject(ctx, req, res, bucket, key),
    }[method] ?? null
  );
}

/**
 * @param {{ cfg: ReturnType<import('../../lib/config.mjs').stackConfig>, pool: import('pg').Pool,
 *   verifyJwt: (token: string) => Promise<import('jose').JWTPayload> }} deps verifyJwt: the project's verifier
 */
export function createStorageService({ cfg, pool, verifyJwt }) {
  const ctx = { cfg, pool, verifyJwt, files: createFileStore(resolve(cfg.storageDir)), maxFileSize: projectFileSizeLimit(ROOT) };
  return {
    async handle(req, res, subPath, url) {
      try {
        const handler = route(req.method ?? 'GET', subPath);
        if (!handler) return routeNotFound(req, res, subPath, url);
        await handler(ctx, req, res, url);
      } catch (error) {
        // The body may be unread (refused before reading): drain it so the answer reaches the client.
        if (!req.readableEnded) req.resume();
        sendError(res, error);
      }
    },
    close() {},
  };
}
