// @ts-check
// Writes to objects: upload (POST, with x-upsert), update (PUT), remove, move and copy.
// Each runs in one transaction as the caller: the row is inserted or changed first, so RLS
// decides; only then are the bytes written, and a failed commit removes them again.
import { createHash, randomUUID } from 'node:crypto';
import { resolveCaller } from './caller.mjs';
import { asCaller, findBucket } from './db.mjs';
import { ERRORS, isUniqueViolation } from './errors.mjs';
import { isUuid, mustBeValidBucketName, mustBeValidKey } from './keys.mjs';
import { readJson, requireString, requireStringArray } from './request.mjs';
import { assertAllowedMimeType, readUpload } from './upload-body.mjs';
import { sendJson } from '../http.mjs';

const INSERT_OBJECT = `
  insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3, $4, $5, $6, $7)`;
const UPSERT_OBJECT = `${INSERT_OBJECT}
  on conflict (bucket_id, name) do update set
    owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
    user_metadata = excluded.user_metadata, version = excluded.version, updated_at = now()`;

/**
 * The stored metadata storage-api keeps in `storage.objects.metadata`.
 * @param {Buffer} bytes
 * @param {string} mimeType
 * @param {string} cacheControl
 */
function objectMetadata(bytes, mimeType, cacheControl) {
  return {
    eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
    size: bytes.length,
    mimetype: mimeType,
    cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: bytes.length,
    httpStatusCode: 200,
  };
}

/**
 * Keeps only the version the committed row points at.
 * @param {import('./index.mjs').StorageContext} ctx
 * @param {string} bucket
 * @param {string} key
 */
async function pruneToCommitted(ctx, bucket, key) {
  const { rows } = await ctx.pool.query('select version from storage.objects where bucket_id = $1 and name = $2', [bucket, key]);
  await ctx.files.prune(bucket, key, rows[0]?.version ?? null);
}

/**
 * @template T
 * @param {import('./index.mjs').StorageContext} ctx
 * @param {string} bucket
 * @param {string} key
 * @param {string} version
 * @param {() => Promise<T>} work
 */
async function withNewVersion(ctx, bucket, key, version, work) {
  try {
    return await work();
  } catch (error) {
    await ctx.files.removeVersion(bucket, key, version).catch(() => {});
    throw error;
  }
}

/**
 * POST /object/{bucket}/{key} (x-upsert) and PUT /object/{bucket}/{key} (always upsert).
 * @param {import('./index.mjs').StorageContext} ctx
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} bucketId
 * @param {string} key
 * @param {{ forceUpsert?: boolean }} [options]
 */
export async function uploadObject(ctx, req, res, bucketId, key, { forceUpsert = false } = {}) {
  const caller = await resolveCaller(req, ctx.verifyJwt);
  mustBeValidBucketName(bucketId);
  mustBeValidKey(key);
  const bucket = await findBucket(ctx.pool, bucketId);
  if (!bucket) throw ERRORS.noSuchBucket();
  const bucketLimit = bucket.file_size_limit ? Number(bucket.file_size_limit) : Infinity;
  const upload = await readUpload(req, Math.min(ctx.maxFileSize, bucketLimit));
  assertAllowedMimeType(upload.mimeType, bucket.allowed_mime_types);

  const upsert = forceUpsert || req.headers['x-upsert'] === 'true';
  const version = randomUUID();
  const metadata = objectMetadata(upload.bytes, upload.mimeType, upload.cacheControl);
  const owner = caller.sub;
  await withNewVersion(ctx, bucketId, key, version, () =>
    asCaller(
      ctx.pool,
      caller,
      async (db) => {
        try {
          await db.query(upsert ? UPSERT_OBJECT : INSERT_OBJECT, [bucketId, key, isUuid(owner) ? owner : null, owner, metadata, upload.userMetadata, version]);
        } catch (error) {
          if (isUniqueViolation(error)) throw ERRORS.keyAlreadyExists();
          throw error;
        }
        await ctx.files.write(bucketId, key, version, upload.bytes);
      },
      { method: req.method, path: req.url },
    ),
  );
  await pruneToCommitted(ctx, bucketId, key);
  const { rows } = await ctx.pool.query('select id from storage.objects where bucket_id = $1 and name = $2', [bucketId, key]);
  sendJson(res, 200, { Id: rows[0]?.id, Key: `${bucketId}/${key}` });
}

/**
 * DELETE /object/{bucket} with `{ prefixes }`: deletes what the caller's delete policy allows.
 * @param {import('./index.mjs').StorageContext} ctx
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} bucketId
 */
export async function removeObjects(ctx, req, res, bucketId) {
  const caller = await resolveCaller(req, ctx.verifyJwt);
  mustBeValidBucketName(bucketId);
  const prefixes = requireStringArray(await readJson(req), 'prefixes');
  const deleted = await asCaller(ctx.pool, caller, async (db) => {
    const { rows } = await db.query('delete from storage.objects where bucket_id = $1 and name = any($2) returning *', [bucketId, prefixes]);
    return rows;
  });
  await Promise.all(deleted.map((row) => ctx.files.prune(bucketId, row.name)));
  sendJson(res, 200, deleted);
}

/**
 * DELETE /object/{bucket}/{key}: one object.
 * @param {import('./index.mjs').StorageContext} ctx
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} bucketId
 * @param {string} key
 */
export async function removeObject(ctx, req, res, bucketId, key) {
  const caller = await resolveCaller(req, ctx.verifyJwt);
  mustBeValidBucketName(bucketId);
  mustBeValidKey(key);
  const deleted = await asCaller(ctx.pool, caller, async (db) => {
    const { rows } = await db.query('delete from storage.objects where bucket_id = $1 and name = $2 returning name', [bucketId, key]);
    return rows;
  });
  if (deleted.length === 0) throw ERRORS.noSuchKey();
  await ctx.files.prune(bucketId, key);
  sendJson(res, 200, { message: 'Successfully deleted' });
}

/**
 * @param {Record<string, unknown>} body
 */
function transferRequest(body) {
  const source = { bucket: mustBeValidBucketName(requireString(body, 'bucketId')), key: mustBeValidKey(requireString(body, 'sourceKey')) };
  const destinationBucket = body.destinationBucket === undefined ? source.bucket : requireString(body, 'destinationBucket');
  const destination = { bucket: mustBeValidBucketName(destinationBucket), key: mustBeValidKey(requireString(body, 'destinationKey')) };
  return { source, destination };
}

/**
 * @param {import('pg').ClientBase} db
 * @param {{ bucket: string, key: string }} source
 */
async function findSourceVersion(db, source) {
  const { rows } = await db.query('select version, metadata, user_metadata from storage.objects where bucket_id = $1 and name = $2', [
    source.bucket,
    source.key,
  ]);
  if (!rows[0]) throw ERRORS.noSuchKey();
  return rows[0];
}

/**
 * POST /object/move: renames the row as the caller (update policy on the old and new name).
 * @param {import('./index.mjs').StorageContext} ctx
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export async function moveObject(ctx, req, res) {
  const caller = await resolveCaller(req, ctx.verifyJwt);
  const { source, destination } = transferRequest(await readJson(req));
  if (!(await findBucket(ctx.pool, destination.bucket))) throw ERRORS.noSuchBucket();
  const version = randomUUID();
  await withNewVersion(ctx, destination.bucket, destination.key, version, () =>
    asCaller(ctx.pool, caller, async (db) => {
      const current = await findSourceVersion(db, source);
      let moved;
      try {
        moved = await db.query('update storage.objects set bucket_id = $3, name = $4, version = $5, updated_at = now() where bucket_id = $1 and name = $2', [
          source.bucket,
          source.key,
          destination.bucket,
          destination.key,
          version,
        ]);
      } catch (error) {
        if (isUniqueViolation(error)) throw ERRORS.keyAlreadyExists();
        throw error;
      }
      if (moved.rowCount === 0) throw ERRORS.noSuchKey();
      await ctx.files.copy(source.bucket, source.key, current.version, destination.bucket, destination.key, version);
    }),
  );
  await ctx.files.prune(source.bucket, source.key);
  await pruneToCommitted(ctx, destination.bucket, destination.key);
  sendJson(res, 200, { message: 'Successfully moved' });
}

/**
 * POST /object/copy: reads the source and inserts the copy, both as the caller.
 * @param {import('./index.mjs').StorageContext} ctx
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export async function copyObject(ctx, req, res) {
  const caller = await resolveCaller(req, ctx.verifyJwt);
  const { source, destination } = transferRequest(await readJson(req));
  if (!(await findBucket(ctx.pool, destination.bucket))) throw ERRORS.noSuchBucket();
  const upsert = req.headers['x-upsert'] === 'true';
  const version = randomUUID();
  const owner = caller.sub;
  await withNewVersion(ctx, destination.bucket, destination.key, version, () =>
    asCaller(ctx.pool, caller, async (db) => {
      const current = await findSourceVersion(db, source);
      try {
        await db.query(upsert ? UPSERT_OBJECT : INSERT_OBJECT, [
          destination.bucket,
          destination.key,
          isUuid(owner) ? owner : null,
          owner,
          current.metadata,
          current.user_metadata,
          version,
        ]);
      } catch (error) {
        if (isUniqueViolation(error)) throw ERRORS.keyAlreadyExists();
        throw error;
      }
      await ctx.files.copy(source.bucket, source.key, current.version, destination.bucket, destination.key, version);
    }),
  );
  await pruneToCommitted(ctx, destination.bucket, destination.key);
  const { rows } = await ctx.pool.query('select id from storage.objects where bucket_id = $1 and name = $2', [destination.bucket, destination.key]);
  sendJson(res, 200, { Id: rows[0]?.id, Key: `${destination.bucket}/${destination.key}` });
}
