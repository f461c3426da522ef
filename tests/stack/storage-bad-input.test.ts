// Hostile and malformed requests to the storage emulator get a clean error in storage-api's
// shape, write nothing, and leave the service answering. Also the buckets' size and type limits,
// and the bucket endpoints for the service role versus anon.
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, cfg, serviceClient, sql } from '../integration/support';

const BUCKET = 'it-limited';
const storageUrl = `${cfg.apiUrl}/storage/v1`;
const serviceHeaders = { apikey: cfg.serviceRoleKey, authorization: `Bearer ${cfg.serviceRoleKey}` };

/** A raw request whose path is sent exactly as written (fetch would normalise `..` away). */
function rawRequest(method: string, path: string, body = '', headers: Record<string, string> = {}) {
  const url = new URL(cfg.apiUrl);
  return new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { ...serviceHeaders, 'content-type': 'text/plain', 'content-length': String(Buffer.byteLength(body)), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString() || '{}') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Every file below the storage folder, to prove refused requests wrote nothing anywhere. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

beforeAll(async () => {
  await sql(`delete from storage.objects where bucket_id = '${BUCKET}'; delete from storage.buckets where id = '${BUCKET}'`);
  const { error } = await serviceClient().storage.createBucket(BUCKET, { public: false, fileSizeLimit: 1024, allowedMimeTypes: ['image/png', 'text/*'] });
  expect(error).toBeNull();
});

afterAll(async () => {
  await sql(`delete from storage.objects where bucket_id = '${BUCKET}'; delete from storage.buckets where id = '${BUCKET}'`);
});

describe('storage bad input', () => {
  it.each([
    ['an encoded parent segment', `/storage/v1/object/${BUCKET}/a/..%2F..%2F..%2Fescape.txt`],
    ['a dot segment', `/storage/v1/object/${BUCKET}/a/.%2Fb.txt`],
    ['an absolute path', `/storage/v1/object/${BUCKET}//etc/passwd`],
    ['a NUL byte', `/storage/v1/object/${BUCKET}/a%00b.txt`],
    ['a malformed escape', `/storage/v1/object/${BUCKET}/a%zz.txt`],
  ])('refuses an object name with %s, writing nothing', async (_label, path) => {
    const before = filesUnder(cfg.storageDir);
    const res = await rawRequest('POST', path, 'evil');
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    expect(filesUnder(cfg.storageDir)).toEqual(before);
    expect(await sql(`select name from storage.objects where bucket_id = '${BUCKET}'`)).toEqual([]);
  });

  it('answers a literal .. path with a clean 4xx (the gateway normalises it away)', async () => {
    const res = await rawRequest('POST', `/storage/v1/object/${BUCKET}/../../../../etc/passwd`, 'evil');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(existsSync('/etc/passwd.evil')).toBe(false);
  });

  it('refuses bad JSON, a missing field and a wrong type', async () => {
    const badJson = await rawRequest('POST', `/storage/v1/object/list/${BUCKET}`, '{"prefix":', { 'content-type': 'application/json' });
    expect(badJson).toMatchObject({ status: 400, json: { statusCode: '400', code: 'InvalidRequest' } });
    const missing = await rawRequest('POST', `/storage/v1/object/list/${BUCKET}`, '{}', { 'content-type': 'application/json' });
    expect(missing.json).toMatchObject({ code: 'InvalidRequest', message: "body must have required property 'prefix'" });
    const wrongType = await rawRequest('POST', `/storage/v1/object/sign/${BUCKET}/a.txt`, '{"expiresIn":"soon"}', { 'content-type': 'application/json' });
    expect(wrongType.json).toMatchObject({ code: 'InvalidRequest' });
    const removeNothing = await rawRequest('DELETE', `/storage/v1/object/${BUCKET}`, '{"prefixes":[]}', { 'content-type': 'application/json' });
    expect(removeNothing.json).toMatchObject({ code: 'InvalidRequest' });
  });

  it('answers unknown routes with storage-api 404', async () => {
    const res = await fetch(`${storageUrl}/nothing/here`, { headers: serviceHeaders });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ statusCode: '404', error: 'Not Found', code: 'InvalidRequest' });
  });

  it('refuses requests without a valid token', async () => {
    const res = await fetch(`${storageUrl}/object/list/${BUCKET}`, {
      method: 'POST',
      body: '{"prefix":""}',
      headers: { 'content-type': 'application/json', authorization: 'Bearer not-a-jwt' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '403', error: 'Unauthorized', code: 'AccessDenied' });
  });

  it("enforces the bucket's size limit (413) without storing anything", async () => {
    const service = serviceClient();
    const big = await service.storage.from(BUCKET).upload('big.txt', new Blob(['x'.repeat(2048)], { type: 'text/plain' }));
    expect(big.error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    expect(existsSync(join(cfg.storageDir, BUCKET, 'big.txt'))).toBe(false);
    const small = await service.storage.from(BUCKET).upload('small.txt', new Blob(['x'.repeat(512)], { type: 'text/plain' }));
    expect(small.error).toBeNull();
  });

  it("enforces the bucket's allowed mime types (415)", async () => {
    const service = serviceClient();
    const pdf = await service.storage.from(BUCKET).upload('doc.pdf', new Blob(['%PDF'], { type: 'application/pdf' }));
    expect(pdf.error).toMatchObject({ statusCode: '415', message: 'mime type application/pdf is not supported' });
    const png = await service.storage.from(BUCKET).upload('pic.png', new Blob(['png'], { type: 'image/png' }));
    expect(png.error).toBeNull();
  });

  it('refuses an upload to a bucket that does not exist', async () => {
    const { error } = await serviceClient()
      .storage.from('it-no-such-bucket')
      .upload('a.txt', new Blob(['a']));
    expect(error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('lets the service role manage buckets and refuses anon by RLS', async () => {
    const service = serviceClient();
    const bucket = await service.storage.getBucket(BUCKET);
    expect(bucket.data).toMatchObject({ id: BUCKET, public: false, file_size_limit: 1024, allowed_mime_types: ['image/png', 'text/*'] });
    const all = await service.storage.listBuckets();
    expect(all.data!.map((b) => b.id)).toContain(BUCKET);
    const duplicate = await service.storage.createBucket(BUCKET);
    expect(duplicate.error).toMatchObject({ statusCode: '409' });

    const anon = anonClient();
    const created = await anon.storage.createBucket('it-anon-bucket');
    expect(created.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    expect(await sql(`select id from storage.buckets where id = 'it-anon-bucket'`)).toEqual([]);
  });
});
