// @ts-check
// Reads of objects: authenticated and public downloads, info and exists, and list. The row is
// looked up as the caller (the select policy decides), except on public buckets' public route,
// which storage-api serves as its own superuser.
import { resolveCaller } from './caller.mjs';
import { asCaller, findBucket } from './db.mjs';
import { ERRORS } from './errors.mjs';
import { mustBeValidBucketName, mustBeValidKey } from './keys.mjs';
import { readJson, requireString } from './request.mjs';
import { sendJson } from '../http.mjs';

const OBJECT_COLUMNS = 'id, name, bucket_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at';

/**
 * @param {import('./index.mjs').StorageContext} ctx
 * @param {import('./caller.mjs').Caller} caller
 * @param {string} bucketId
 * @param {string} key
 */
export async function findObjectAsCaller(ctx, caller, bucketId, key) {
  const rows = await asCaller(
    ctx.pool,
    caller,
    async (db) => (await db.query(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucketId, key])).rows,
  );
  if (!rows[0]) throw ERRORS.noSuchKey();
  return rows[0];
}

/**
 * @param {import('./index.mjs').StorageContext} ctx
 * @param {string} bucketId
 * @param {string} key
 */
export async function findObjectAsSuperuser(ctx, bucketId, key) {
  const { rows } = await ctx.pool.query(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucketId, key]);
  if (!rows[0]) throw ERRORS.noSuchKey();
  return rows[0];
}

/**
 * Streams the object's current version with storage-api's headers; HEAD sends headers only.
 * @param {import('./index.mjs').StorageContext} ctx
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {Record<string, any>} object
 * @param {URL} url
 * @param {import('node:http').OutgoingHttpHeaders} [extraHeaders]
 */
export async function sendObject(ctx, req, res, object, url, extraHeaders = {}) {
  const file = await ctx.files.open(object.bucket_id, object.name, object.version);
  if (!file) throw ERRORS.noSuchKey();
  const meta = object.metadata ?? {};
  const headers = {
    'content-type': meta.mimetype ?? 'application/octet-stream',
    'content-length': file.size,
    'cache-control': meta.cacheControl ?? 'no-cache',
    etag: meta.eTag ?? '',
    'last-modified': new Date(object.updated_at ?? Date.now()).toUTCString(),
    'accept-ranges': 'bytes',
    ...extraHeaders,
  };
  const download = url.searchParams.get('download');
  if (download !== null) {
    const name = download.replace(/[^\w.() -]/g, '_');
    headers['content-disposition'] = name ? `attachment; filename=${name}; filename*=UTF-8''${encodeURIComponent(name)}` : 'attachment;';
  }
  res.writeHead(200, headers);
  if (req.method === 'HEAD') return res.end();
  file
    .stream()
    .on('error', () => res.destroy())
    .pipe(res);
}

/**
 * GET|HEAD /object/{bucket}/{key} and /object/authenticated/{bucket}/{key}.
 * @param {import('./index.mjs').StorageContext} ctx
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} bucketId
 * @param {string} key
 * @param {URL} url
 */
export async function downloadObject(ctx, req, res, bucketId, key, url) {
  const caller = await resolveCaller(req, ctx.verifyJwt);
  mustBeValidBucketName(bucketId);
  mustBeValidKey(key);
  if (!(await findBucket(ctx.pool, bucketId))) throw ERRORS.noSuchBucket();
  await sendObject(ctx, req, res, await findObjectAsCaller(ctx, caller, bucketId, key), url);
}

/**
 * GET|HEAD /object/public/{bucket}/{key}: no token needed, public buckets only.
 * @param {import('./index.mjs').StorageContext} ctx
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} bucketId
 * @param {string} key
 * @param {URL} url
 */
export async function downloadPublicObject(ctx, req, res, bucketId, key, url) {
  mustBeValidBucketName(bucketId);
  mustBeValidKey(key);
  const bucket = await findBucket(ctx.pool, bucketId);
  if (!bucket?.public) throw ERRORS.noSuchBucket();
  await sendObject(ctx, req, res, await findObjectAsSuperuser(ctx, bucketId, key), url);
}

/**
 * GET /object/info/{bucket}/{key}: the object's description, which storage-js turns to camelCase.
 * @param {import('./index.mjs').StorageContext} ctx
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} bucketId
 * @param {string} key
 * @param {{ isPublic?: boolean }} [options]
 */
export async function objectInfo(ctx, req, res, bucketId, key, { isPublic = false } = {}) {
  mustBeValidBucketName(bucketId);
  mustBeValidKey(key);
  const bucket = await findBucket(ctx.pool, bucketId);
  if (!bucket || (isPublic && !bucket.public)) throw ERRORS.noSuchBucket();
  const object = isPublic
    ? await findObjectAsSuperuser(ctx, bucketId, key)
    : await findObjectAsCaller(ctx, await resolveCaller(req, ctx.verifyJwt), bucketId, key);
  const meta = object.metadata ?? {};
  sendJson(res, 200, {
    id: object.id,
    name: object.name,
    version: object.version,
    bucket_id: object.bucket_id,
    size: meta.size ?? null,
    content_type: meta.mimetype ?? null,
    cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null,
    metadata: object.user_metadata ?? {},
    last_modified: object.updated_at,
    created_at: object.created_at,
  });
}

const SORT_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);
/**
 * @param {string} text
 */
const escapeLike = (text) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * POST /object/list/{bucket}: one folder level, folders first (name only), then files, like
 * storage-api's `storage.search`; run as the caller, so it lists only what the select policy shows.
 * @param {import('./index.mjs').StorageContext} ctx
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} bucketId
 */
export async function listObjects(ctx, req, res, bucketId) {
  const caller = await resolveCaller(req, ctx.verifyJwt);
  mustBeValidBucketName(bucketId);
  const body = await readJson(req);
  let prefix = requireString(body, 'prefix');
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix += '/';
  const search = typeof body.search === 'string' ? body.search : '';
  const limit = typeof body.limit === 'number' && Number.isInteger(body.limit) && body.limit > 0 ? body.limit : 100;
  const offset = typeof body.offset === 'number' && Number.isInteger(body.offset) && body.offset >= 0 ? body.offset : 0;
  const sortBy = /** @type {{ column?: string, order?: string } | undefined} */ (body.sortBy);
  const column = sortBy?.column ?? 'name';
  const order = (sortBy?.order ?? 'asc').toLowerCase();
  if (!SORT_COLUMNS.has(column)) throw ERRORS.invalidRequest('body/sortBy/column must be equal to one of the allowed values');
  if (order !== 'asc' && order !== 'desc') throw ERRORS.invalidRequest('body/sortBy/order must be equal to one of the allowed values');
  const levels = (prefix + search).split('/').length;
  const pattern = `${escapeLike(prefix + search)}%`;

  const rows = await asCaller(
    ctx.pool,
    caller,
    async (db) =>
      (
        await db.query(
          `with matches as (
           select * from storage.objects where bucket_id = $1 and name ilike $2 escape '\\'
         ), folders as (
           select path_tokens[$3] as folder from matches where array_length(path_tokens, 1) <> $3
           group by folder order by folder ${order}
         )
         (select folder as name, null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
                 null::timestamptz as last_accessed_at, null::jsonb as metadata from folders)
         union all
         (select path_tokens[$3] as name, id, updated_at, created_at, last_accessed_at, metadata from matches
          where array_length(path_tokens, 1) = $3 order by ${column === 'name' ? 'path_tokens[$3]' : column} ${order})
         limit $4 offset $5`,
          [bucketId, pattern, levels, limit, offset],
        )
      ).rows,
  );
  sendJson(res, 200, rows);
}
