// Paths are routed the way storage-api routes them: a word storage-api reserves for one of its
// routes (list-v2, upload/sign, …) is never taken for a bucket name, even when a bucket of that
// name exists; a route the emulator does not implement is refused and changes nothing; and image
// transformations are signed as storage-api signs them with transformations enabled
// (src/http/routes/object/getSignedURL.ts, ImageRenderer.applyTransformation), while fetching a
// transformed image, which the emulator cannot render, is refused instead of answered with the original.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cfg, serviceClient, sql } from '../integration/support';

const BUCKET = 'it-routes';
const PUBLIC = 'it-routes-public';
// Valid bucket names in storage-api, and also words of its routes.
const WORD_BUCKETS = ['list-v2', 'upload', 'list'];
const ALL_BUCKETS = [BUCKET, PUBLIC, ...WORD_BUCKETS];
const serviceHeaders = { apikey: cfg.serviceRoleKey, authorization: `Bearer ${cfg.serviceRoleKey}` };
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const NOT_LOCAL = /^Image transformations are not available locally/;

function rawRequest(method: string, path: string, body = '', headers: Record<string, string> = {}) {
  const url = new URL(cfg.apiUrl);
  return new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { ...serviceHeaders, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
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

const objectsIn = (buckets: string[]) =>
  sql<{ bucket_id: string; name: string }>('select bucket_id, name from storage.objects where bucket_id = any($1)', [buckets]);
async function cleanUp() {
  await sql('delete from storage.objects where bucket_id = any($1)', [ALL_BUCKETS]);
  await sql('delete from storage.buckets where id = any($1)', [ALL_BUCKETS]);
}

beforeAll(async () => {
  await cleanUp();
  const service = serviceClient();
  for (const id of ALL_BUCKETS) expect((await service.storage.createBucket(id, { public: id === PUBLIC })).error).toBeNull();
  for (const bucket of [BUCKET, PUBLIC]) {
    expect((await service.storage.from(bucket).upload('pic.png', new Blob([PNG], { type: 'image/png' }))).error).toBeNull();
  }
});

afterAll(cleanUp);

describe('storage routes', () => {
  it('refuses list-v2 (not emulated: storage-js lists with /object/list) with storage-api 404, uploading nothing', async () => {
    const res = await rawRequest('POST', `/storage/v1/object/list-v2/${BUCKET}`, '{"prefix":""}');
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ statusCode: '404', error: 'Not Found', code: 'InvalidRequest' });
    expect(res.json.message).toBe(`Route POST:/object/list-v2/${BUCKET} not found (not implemented by the local storage emulator)`);

    const viaClient = await serviceClient().storage.from(BUCKET).listV2({ prefix: '' });
    expect(viaClient.error).toMatchObject({ status: 404, statusCode: '404' });
    expect(await objectsIn(WORD_BUCKETS)).toEqual([]);
  });

  it.each([
    ['POST', `/object/upload/sign/${BUCKET}/a.txt`],
    ['PUT', `/object/upload/sign/${BUCKET}/a.txt`],
    ['POST', '/upload/resumable'],
    ['DELETE', `/cdn/${BUCKET}/pic.png`],
    ['GET', `/s3/${BUCKET}`],
  ])('refuses %s %s, which storage-api has and the emulator does not, with storage-api 404, changing nothing', async (method, path) => {
    const res = await rawRequest(method, `/storage/v1${path}`, method === 'GET' ? '' : '{}');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({
      statusCode: '404',
      error: 'Not Found',
      code: 'InvalidRequest',
      message: `Route ${method}:${path} not found (not implemented by the local storage emulator)`,
    });
    expect(await objectsIn(WORD_BUCKETS)).toEqual([]);
  });

  it('answers routes storage-api does not have with its own 404 body', async () => {
    for (const [method, path] of [
      ['GET', '/object'],
      ['PATCH', `/object/${BUCKET}/pic.png`],
      ['GET', '/nothing/here'],
      ['POST', `/bucket/${BUCKET}/empty/more`],
    ]) {
      const res = await rawRequest(method, `/storage/v1${path}?x=1`);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json).toEqual({ statusCode: '404', error: 'Not Found', message: `Route ${method}:${path}?x=1 not found`, code: 'InvalidRequest' });
    }
  });

  it("takes a path for a bucket where storage-api does: '/object/list/<bucket>/<more>' is an upload into bucket 'list'", async () => {
    const res = await rawRequest('POST', `/storage/v1/object/list/${BUCKET}/nota.txt`, 'hola', { 'content-type': 'text/plain' });
    expect(res).toMatchObject({ status: 200, json: { Key: `list/${BUCKET}/nota.txt` } });
    expect(await objectsIn(['list'])).toEqual([{ bucket_id: 'list', name: `${BUCKET}/nota.txt` }]);
  });
});

describe('image transformations', () => {
  const claimsOf = (signedUrl: string) =>
    JSON.parse(Buffer.from(new URL(signedUrl, cfg.apiUrl).searchParams.get('token')!.split('.')[1], 'base64url').toString());

  it('signs a /render/image/sign URL with the transformations in its token; fetching it is refused with 501', async () => {
    const files = serviceClient().storage.from(BUCKET);
    const transformed = await files.createSignedUrl('pic.png', 60, { transform: { width: 10, height: 10 } });
    expect(transformed.error).toBeNull();
    expect(transformed.data!.signedUrl).toMatch(new RegExp(`^${cfg.apiUrl}/storage/v1/render/image/sign/${BUCKET}/pic.png\\?token=`));
    // storage-api's segments, resize kept as given (here none: "undefined", as storage-api writes it).
    expect(claimsOf(transformed.data!.signedUrl)).toMatchObject({
      url: `${BUCKET}/pic.png`,
      scope: 'download',
      transformations: 'height:10,width:10,resize:undefined',
    });
    expect(claimsOf(transformed.data!.signedUrl)).not.toHaveProperty('format');
    const res = await fetch(transformed.data!.signedUrl);
    expect(res.status).toBe(501);
    expect(await res.json()).toMatchObject({ statusCode: '501', code: 'FeatureNotEnabled', message: expect.stringMatching(NOT_LOCAL) });

    const every = await files.createSignedUrl('pic.png', 60, { transform: { width: 4000, height: 20, resize: 'contain', quality: 80, format: 'origin' } });
    expect(claimsOf(every.data!.signedUrl)).toMatchObject({ transformations: 'height:20,width:2000,resize:contain,quality:80', format: 'origin' });

    const plain = await files.createSignedUrl('pic.png', 60);
    expect(plain.error).toBeNull();
    const bytes = Buffer.from(await (await fetch(plain.data!.signedUrl)).arrayBuffer());
    expect(bytes.equals(PNG)).toBe(true);
  });

  it('checks the transform field as storage-api does: an empty one is no transformation, a malformed one is refused', async () => {
    const sign = (transform: string) => rawRequest('POST', `/storage/v1/object/sign/${BUCKET}/pic.png`, `{"expiresIn":60,"transform":${transform}}`);
    const empty = await sign('{}');
    expect(empty.status).toBe(200);
    expect(empty.json.signedURL).toMatch(new RegExp(`^/object/sign/${BUCKET}/pic.png\\?token=`));
    // Fastify's Ajv coerces a numeric string.
    expect((await sign('{"width":"12"}')).json.signedURL).toMatch(new RegExp(`^/render/image/sign/${BUCKET}/pic.png\\?token=`));
    for (const [transform, message] of [
      ['"small"', 'body/transform must be object'],
      ['{"width":"wide"}', 'body/transform/width must be integer'],
      ['{"width":-1}', 'body/transform/width must be >= 0'],
      ['{"quality":10}', 'body/transform/quality must be >= 20'],
      ['{"resize":"stretch"}', 'body/transform/resize must be equal to one of the allowed values'],
      ['{"gravity":"fp","x_offset":0.5}', "body/transform must have required property 'y_offset'"],
    ]) {
      expect(await sign(transform), transform).toMatchObject({ status: 400, json: { statusCode: '400', code: 'InvalidRequest', message } });
    }
  });

  it("checks a signed render URL's token before refusing to render", async () => {
    const forged = await fetch(`${cfg.apiUrl}/storage/v1/render/image/sign/${BUCKET}/pic.png?token=whatever`);
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' });
    const { data } = await serviceClient()
      .storage.from(PUBLIC)
      .createSignedUrl('pic.png', 60, { transform: { width: 10 } });
    const elsewhere = await fetch(data!.signedUrl.replace(`/sign/${PUBLIC}/`, `/sign/${BUCKET}/`));
    expect(await elsewhere.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature', message: 'Invalid signature' });
  });

  it('refuses a transformed download and a transformed public URL instead of serving the original', async () => {
    const download = await serviceClient()
      .storage.from(BUCKET)
      .download('pic.png', { transform: { width: 10 } });
    expect(download.data).toBeNull();
    expect(download.error).toMatchObject({ status: 501, statusCode: '501', message: expect.stringMatching(NOT_LOCAL) });

    const { data } = serviceClient()
      .storage.from(PUBLIC)
      .getPublicUrl('pic.png', { transform: { width: 10, quality: 50 } });
    expect(data.publicUrl).toContain('/storage/v1/render/image/public/');
    const res = await fetch(data.publicUrl);
    expect(res.status).toBe(501);
    expect(await res.json()).toMatchObject({ statusCode: '501', code: 'FeatureNotEnabled', message: expect.stringMatching(NOT_LOCAL) });
  });
});
