// Bucket answers as storage-api gives them (src/http/routes/bucket): GET /bucket/{id} has exactly the
// columns getBucket.ts selects (no owner_id, no type), the list adds `type`, a null owner is served as
// "" (the response schema types it as a string); «empty bucket» answers its queued-job message and
// removes every object created before the request, as storage-api's admin job does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cfg, serviceClient, sql } from '../integration/support';

const BUCKET = 'it-buckets';
const serviceHeaders = { apikey: cfg.secretKey };
const objects = () => sql<{ name: string }>('select name from storage.objects where bucket_id = $1 order by name', [BUCKET]);

async function cleanUp() {
  await sql('delete from storage.objects where bucket_id = $1', [BUCKET]);
  await sql('delete from storage.buckets where id = $1', [BUCKET]);
}
beforeAll(async () => {
  await cleanUp();
  expect((await serviceClient().storage.createBucket(BUCKET, { public: false, fileSizeLimit: '1MB', allowedMimeTypes: ['text/plain'] })).error).toBeNull();
});
afterAll(cleanUp);

describe('bucket endpoints', () => {
  it('GET /bucket/{id} answers the columns storage-api selects, and no others', async () => {
    const res = await fetch(`${cfg.apiUrl}/storage/v1/bucket/${BUCKET}`, { headers: serviceHeaders });
    expect(res.status).toBe(200);
    const bucket = await res.json();
    expect(Object.keys(bucket).sort()).toEqual(['allowed_mime_types', 'created_at', 'file_size_limit', 'id', 'name', 'owner', 'public', 'updated_at']);
    expect(bucket).toMatchObject({ id: BUCKET, name: BUCKET, owner: '', public: false, file_size_limit: 1_000_000, allowed_mime_types: ['text/plain'] });
  });

  it('GET /bucket lists the same columns plus the bucket type', async () => {
    const res = await fetch(`${cfg.apiUrl}/storage/v1/bucket`, { headers: serviceHeaders });
    const listed = ((await res.json()) as Record<string, unknown>[]).find((b) => b.id === BUCKET)!;
    expect(Object.keys(listed).sort()).toEqual(['allowed_mime_types', 'created_at', 'file_size_limit', 'id', 'name', 'owner', 'public', 'type', 'updated_at']);
    expect(listed.type).toBe('STANDARD');
  });

  it("empties a bucket with storage-api's message, leaving the bucket", async () => {
    const files = serviceClient().storage.from(BUCKET);
    for (const name of ['a.txt', 'carpeta/b.txt']) expect((await files.upload(name, new Blob(['hola'], { type: 'text/plain' }))).error).toBeNull();
    expect(await objects()).toHaveLength(2);
    const { data, error } = await serviceClient().storage.emptyBucket(BUCKET);
    expect(error).toBeNull();
    expect(data).toEqual({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
    expect(await objects()).toEqual([]);
    expect((await serviceClient().storage.getBucket(BUCKET)).data).toMatchObject({ id: BUCKET });
    // An empty bucket gets the same answer; a missing one, storage-api's 404.
    expect((await serviceClient().storage.emptyBucket(BUCKET)).data).toEqual({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
    expect((await serviceClient().storage.emptyBucket('it-no-such-bucket')).error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });
});
