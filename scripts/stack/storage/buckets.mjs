// @ts-check
// Bucket endpoints. They run as the caller like everything else, so in practice only the
// service role (which bypasses RLS) manages buckets, unless a migration adds bucket policies.
import { resolveCaller } from './caller.mjs';
import { asCaller } from './db.mjs';
import { ERRORS, isUniqueViolation } from './errors.mjs';
import { isUuid, mustBeValidBucketName } from './keys.mjs';
import { parseSize, readJson, requireString } from './request.mjs';
import { sendJson } from '../http.mjs';

// The columns storage-api selects for GET /bucket and GET /bucket/{id} (never owner_id; `type` only in
// the list). file_size_limit is a bigint, which pg returns as text; storage-api answers a number.
const BUCKET_COLUMNS = 'id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at';
/**
 * Its response schema types `owner` as a string, and Fastify's serializer writes a null string as "".
 * @param {Record<string, any>} bucket a row of storage.buckets
 */
const asServed = (bucket) => ({ ...bucket, owner: bucket.owner ?? '' });
/** @param {Record<string, any>} bucket */
const listed = (bucket) => ({ ...asServed(bucket), type: 'STANDARD' });

/**
 * @param {Record<string, unknown>} body
 */
function bucketSettings(body) {
  /** @type {{ public?: boolean, file_size_limit?: number | null, allowed_mime_types?: string[] | null }} */
  const settings = {};
  if (body.public !== undefined) {
    if (typeof body.public !== 'boolean') throw ERRORS.invalidRequest('body/public must be boolean');
    settings.public = body.public;
  }
  if (body.file_size_limit !== undefined) {
    const bytes = body.file_size_limit === null ? null : parseSize(body.file_size_limit);
    if (body.file_size_limit !== null && bytes === null) throw ERRORS.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
    settings.file_size_limit = bytes;
  }
  if (body.allowed_mime_types !== undefined) {
    const types = body.allowed_mime_types;
    if (types !== null && !(Array.isArray(types) && types.every((t) => typeof t === 'string'))) {
      throw ERRORS.invalidRequest('body/allowed_mime_types must be array');
    }
    settings.allowed_mime_types = types;
  }
  return settings;
}

/**
 * GET /bucket
 * @param {import('./index.mjs').StorageContext} ctx
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export async function listBuckets(ctx, req, res) {
  const caller = await resolveCaller(req, ctx.verifyJwt);
  const rows = await asCaller(ctx.pool, caller, async (db) => (await db.query(`select ${BUCKET_COLUMNS} from storage.buckets order by name`)).rows);
  sendJson(res, 200, rows.map(listed));
}

/**
 * GET /bucket/{id}
 * @param {import('./index.mjs').StorageContext} ctx
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} id
 */
export async function getBucket(ctx, req, res, id) {
  const caller = await resolveCaller(req, ctx.verifyJwt);
  const rows = await asCaller(ctx.pool, caller, async (db) => (await db.query(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id])).rows);
  if (!rows[0]) throw ERRORS.noSuchBucket();
  sendJson(res, 200, asServed(rows[0]));
}

/**
 * POST /bucket with `{ id?, name, public?, file_size_limit?, allowed_mime_types? }` → `{ name }`.
 * @param {import('./index.mjs').StorageContext} ctx
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export async function createBucket(ctx, req, res) {
  const caller = await resolveCaller(req, ctx.verifyJwt);
  const body = await readJson(req);
  const name = mustBeValidBucketName(requireString(body, 'name'));
  const id = body.id === undefined ? name : mustBeValidBucketName(requireString(body, 'id'));
  const settings = { public: false, file_size_limit: /** @type {number | null} */ (null), allowed_mime_types: /** @type {string[] | null} */ (null) };
  Object.assign(settings, bucketSettings(body));
  await asCaller(ctx.pool, caller, async (db) => {
    try {
      await db.query(
        'insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types) values ($1, $2, $3, $4, $5, $6, $7)',
        [id, name, isUuid(caller.sub) ? caller.sub : null, caller.sub, settings.public, settings.file_size_limit, settings.allowed_mime_types],
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw ERRORS.bucketAlreadyExists();
      throw error;
    }
  });
  sendJson(res, 200, { name });
}

/**
 * PUT /bucket/{id}
 * @param {import('./index.mjs').StorageContext} ctx
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} id
 */
export async function updateBucket(ctx, req, res, id) {
  const caller = await resolveCaller(req, ctx.verifyJwt);
  const settings = bucketSettings(await readJson(req));
  const columns = Object.keys(settings);
  const updated = await asCaller(ctx.pool, caller, async (db) => {
    if (columns.length === 0) return (await db.query('select 1 from storage.buckets where id = $1', [id])).rowCount;
    const assignments = columns.map((column, i) => `${column} = $${i + 2}`).join(', ');
    return (await db.query(`update storage.buckets set ${assignments}, updated_at = now() where id = $1`, [id, ...Object.values(settings)])).rowCount;
  });
  if (!updated) throw ERRORS.noSuchBucket();
  sendJson(res, 200, { message: 'Successfully updated' });
}

/**
 * POST /bucket/{id}/empty, as storage-api does it: the caller must see the bucket, and if they see an
 * object in it, every object created before the request goes, deleted by storage-api's own admin job
 * (not as the caller). storage-api queues that job and says so; here it runs before the answer.
 * @param {import('./index.mjs').StorageContext} ctx
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} id
 */
export async function emptyBucket(ctx, req, res, id) {
  const caller = await resolveCaller(req, ctx.verifyJwt);
  const before = new Date();
  const seesAnObject = await asCaller(ctx.pool, caller, async (db) => {
    if (!(await db.query('select 1 from storage.buckets where id = $1', [id])).rowCount) throw ERRORS.noSuchBucket();
    return Boolean((await db.query('select 1 from storage.objects where bucket_id = $1 and created_at < $2 limit 1', [id, before])).rowCount);
  });
  if (seesAnObject) {
    const { rows } = await ctx.pool.query('delete from storage.objects where bucket_id = $1 and created_at < $2 returning name', [id, before]);
    await Promise.all(rows.map((row) => ctx.files.prune(id, row.name)));
  }
  sendJson(res, 200, { message: 'Empty bucket has been queued. Completion may take up to an hour.' });
}

/**
 * DELETE /bucket/{id}: only an empty bucket.
 * @param {import('./index.mjs').StorageContext} ctx
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} id
 */
export async function deleteBucket(ctx, req, res, id) {
  const caller = await resolveCaller(req, ctx.verifyJwt);
  const deleted = await asCaller(ctx.pool, caller, async (db) => {
    const { rows } = await db.query('select exists (select 1 from storage.objects where bucket_id = $1) as used', [id]);
    if (rows[0].used) throw ERRORS.bucketNotEmpty();
    return (await db.query('delete from storage.buckets where id = $1', [id])).rowCount;
  });
  if (!deleted) throw ERRORS.noSuchBucket();
  sendJson(res, 200, { message: 'Successfully deleted' });
}
