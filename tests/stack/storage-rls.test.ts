// Storage through supabase-js, with storage policies deciding as on Supabase: a private bucket
// where an authenticated user may only touch the folder named after their uid, and a public
// bucket. Users are JWTs minted with the project's secret (no dependency on the auth emulator).
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signJwt } from '../../scripts/lib/jwt.mjs';
import { anonClient, cfg, serviceClient, sql } from '../integration/support';

const PRIVATE = 'it-private';
const PUBLIC = 'it-public';
const userA = randomUUID();
const userB = randomUUID();

async function userClient(sub: string, expiresInSeconds = 3600): Promise<SupabaseClient> {
  const now = Math.floor(Date.now() / 1000);
  const token = await signJwt({ sub, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + expiresInSeconds }, cfg.jwtSecret);
  return createClient(cfg.apiUrl, cfg.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
    realtime: { transport: WebSocket as never },
  });
}

const rowsOf = (bucket: string, name: string) => sql('select id, owner from storage.objects where bucket_id = $1 and name = $2', [bucket, name]);
/** The version files kept on disk for an object (storage keeps `<bucket>/<key>/<version>`). */
function versionsOnDisk(bucket: string, name: string): string[] {
  const dir = join(cfg.storageDir, bucket, name);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

let a: SupabaseClient;
let b: SupabaseClient;

beforeAll(async () => {
  const own = `bucket_id = '${PRIVATE}' and (storage.foldername(name))[1] = (select auth.uid())::text`;
  await sql(`
    delete from storage.objects where bucket_id in ('${PRIVATE}', '${PUBLIC}');
    delete from storage.buckets where id in ('${PRIVATE}', '${PUBLIC}');
    insert into storage.buckets (id, name, public) values ('${PRIVATE}', '${PRIVATE}', false), ('${PUBLIC}', '${PUBLIC}', true);
    drop policy if exists "it_private_select_own" on storage.objects;
    drop policy if exists "it_private_insert_own" on storage.objects;
    drop policy if exists "it_private_update_own" on storage.objects;
    drop policy if exists "it_private_delete_own" on storage.objects;
    create policy "it_private_select_own" on storage.objects for select to authenticated using (${own});
    create policy "it_private_insert_own" on storage.objects for insert to authenticated with check (${own});
    create policy "it_private_update_own" on storage.objects for update to authenticated using (${own}) with check (${own});
    create policy "it_private_delete_own" on storage.objects for delete to authenticated using (${own});
  `);
  a = await userClient(userA);
  b = await userClient(userB);
});

afterAll(async () => {
  await sql(`delete from storage.objects where bucket_id in ('${PRIVATE}', '${PUBLIC}')`);
});

describe('storage under RLS', () => {
  it('lets a user upload into their own folder and read it back', async () => {
    const path = `${userA}/note.txt`;
    const { data, error } = await a.storage.from(PRIVATE).upload(path, new Blob(['hola'], { type: 'text/plain' }));
    expect(error).toBeNull();
    expect(data?.path).toBe(path);
    expect(data?.fullPath).toBe(`${PRIVATE}/${path}`);

    const [row] = await rowsOf(PRIVATE, path);
    expect(row.owner).toBe(userA);
    expect(versionsOnDisk(PRIVATE, path)).toHaveLength(1);

    const download = await a.storage.from(PRIVATE).download(path);
    expect(download.error).toBeNull();
    expect(await download.data!.text()).toBe('hola');
  });

  it("refuses an upload into someone else's folder: 403, no row, no file", async () => {
    const path = `${userB}/intrusion.txt`;
    const { error } = await a.storage.from(PRIVATE).upload(path, new Blob(['x'], { type: 'text/plain' }));
    expect(error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    expect(await rowsOf(PRIVATE, path)).toHaveLength(0);
    expect(existsSync(join(cfg.storageDir, PRIVATE, path))).toBe(false);
  });

  it('refuses anon uploads and reads in the private bucket', async () => {
    const anon = anonClient();
    const upload = await anon.storage.from(PRIVATE).upload(`${userA}/anon.txt`, new Blob(['x']));
    expect(upload.error).toMatchObject({ statusCode: '403' });
    expect(await rowsOf(PRIVATE, `${userA}/anon.txt`)).toHaveLength(0);

    const download = await anon.storage.from(PRIVATE).download(`${userA}/note.txt`);
    expect(download.error).toMatchObject({ statusCode: '404', message: 'Object not found' });
  });

  it("hides another user's object from download, list and signing", async () => {
    const download = await b.storage.from(PRIVATE).download(`${userA}/note.txt`);
    expect(download.error).toMatchObject({ statusCode: '404' });

    const listing = await b.storage.from(PRIVATE).list(userA);
    expect(listing.data).toEqual([]);

    const signed = await b.storage.from(PRIVATE).createSignedUrl(`${userA}/note.txt`, 60);
    expect(signed.error).toMatchObject({ statusCode: '404' });
  });

  it('lists one folder level, folders first, with metadata for files', async () => {
    await a.storage.from(PRIVATE).upload(`${userA}/docs/a.pdf`, new Blob(['%PDF'], { type: 'application/pdf' }));
    const { data, error } = await a.storage.from(PRIVATE).list(userA);
    expect(error).toBeNull();
    expect(data!.map((item) => item.name)).toEqual(['docs', 'note.txt']);
    expect(data![0].id).toBeNull();
    expect(data![1].metadata).toMatchObject({ size: 4, mimetype: 'text/plain' });

    const root = await a.storage.from(PRIVATE).list('');
    expect(root.data!.map((item) => item.name)).toEqual([userA]);
  });

  it('refuses a duplicate without upsert (409) and replaces with x-upsert, keeping one version on disk', async () => {
    const path = `${userA}/raw.txt`;
    const first = await a.storage.from(PRIVATE).upload(path, new TextEncoder().encode('uno'), { contentType: 'text/plain' });
    expect(first.error).toBeNull();

    const duplicate = await a.storage.from(PRIVATE).upload(path, new TextEncoder().encode('dos'), { contentType: 'text/plain' });
    expect(duplicate.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });

    const upsert = await a.storage.from(PRIVATE).upload(path, new TextEncoder().encode('tres'), { contentType: 'text/plain', upsert: true });
    expect(upsert.error).toBeNull();
    expect(await (await a.storage.from(PRIVATE).download(path)).data!.text()).toBe('tres');

    const update = await a.storage.from(PRIVATE).update(path, new Blob(['cuatro'], { type: 'text/plain' }));
    expect(update.error).toBeNull();
    expect(await (await a.storage.from(PRIVATE).download(path)).data!.text()).toBe('cuatro');
    expect(versionsOnDisk(PRIVATE, path)).toHaveLength(1);
  });

  it('serves public URLs only for public buckets', async () => {
    const service = serviceClient();
    const upload = await service.storage.from(PUBLIC).upload('logo.txt', new Blob(['logo'], { type: 'text/plain' }));
    expect(upload.error).toBeNull();

    const publicUrl = service.storage.from(PUBLIC).getPublicUrl('logo.txt').data.publicUrl;
    const res = await fetch(publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(await res.text()).toBe('logo');

    const privateUrl = service.storage.from(PRIVATE).getPublicUrl(`${userA}/note.txt`).data.publicUrl;
    const refused = await fetch(privateUrl);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' });
  });

  it('issues signed URLs that work until they expire', async () => {
    const path = `${userA}/note.txt`;
    // 5 s, not 1: the token's exp is in whole seconds, and a loaded machine can take a second to fetch.
    const { data, error } = await a.storage.from(PRIVATE).createSignedUrl(path, 5);
    expect(error).toBeNull();
    const fresh = await fetch(data!.signedUrl);
    expect(fresh.status).toBe(200);
    expect(await fresh.text()).toBe('hola');

    const tampered = await fetch(data!.signedUrl.replace('note.txt', 'raw.txt'));
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({ code: 'InvalidSignature' });

    await new Promise((resolve) => setTimeout(resolve, 6100));
    const expired = await fetch(data!.signedUrl);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT', message: expect.stringContaining('exp') });
  });

  it('signs many paths, with an error for the ones the caller cannot read', async () => {
    const { data, error } = await a.storage.from(PRIVATE).createSignedUrls([`${userA}/note.txt`, `${userB}/missing.txt`], 60);
    expect(error).toBeNull();
    expect(data![0]).toMatchObject({ error: null, path: `${userA}/note.txt` });
    expect(data![0].signedUrl).toContain('token=');
    expect(data![1]).toMatchObject({ error: 'Either the object does not exist or you do not have access to it', signedUrl: null });
  });

  it("moves and copies within the caller's own folder, and refuses to move out of it", async () => {
    const moved = await a.storage.from(PRIVATE).move(`${userA}/docs/a.pdf`, `${userA}/docs/b.pdf`);
    expect(moved.error).toBeNull();
    expect(await rowsOf(PRIVATE, `${userA}/docs/a.pdf`)).toHaveLength(0);
    expect(await (await a.storage.from(PRIVATE).download(`${userA}/docs/b.pdf`)).data!.text()).toBe('%PDF');

    const copied = await a.storage.from(PRIVATE).copy(`${userA}/docs/b.pdf`, `${userA}/docs/c.pdf`);
    expect(copied.error).toBeNull();
    expect(await (await a.storage.from(PRIVATE).download(`${userA}/docs/c.pdf`)).data!.text()).toBe('%PDF');

    const escape = await a.storage.from(PRIVATE).move(`${userA}/docs/c.pdf`, `${userB}/stolen.pdf`);
    expect(escape.error).toMatchObject({ statusCode: '403' });
    expect(await rowsOf(PRIVATE, `${userB}/stolen.pdf`)).toHaveLength(0);
  });

  it('removes only what the delete policy allows', async () => {
    const service = serviceClient();
    await service.storage.from(PRIVATE).upload(`${userB}/keep.txt`, new Blob(['b']));

    const { data, error } = await a.storage.from(PRIVATE).remove([`${userA}/raw.txt`, `${userB}/keep.txt`]);
    expect(error).toBeNull();
    expect(data!.map((row) => row.name)).toEqual([`${userA}/raw.txt`]);
    expect(await rowsOf(PRIVATE, `${userA}/raw.txt`)).toHaveLength(0);
    expect(versionsOnDisk(PRIVATE, `${userA}/raw.txt`)).toHaveLength(0);
    expect(await rowsOf(PRIVATE, `${userB}/keep.txt`)).toHaveLength(1);
  });

  it('answers info and exists for a readable object', async () => {
    const info = await a.storage.from(PRIVATE).info(`${userA}/note.txt`);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({ name: `${userA}/note.txt`, size: 4, contentType: 'text/plain', bucketId: PRIVATE });
    expect((await a.storage.from(PRIVATE).exists(`${userA}/note.txt`)).data).toBe(true);
    expect((await b.storage.from(PRIVATE).exists(`${userA}/note.txt`)).data).toBe(false);
  });

  it('refuses an expired user token', async () => {
    const expired = await userClient(userA, -60);
    const { error } = await expired.storage.from(PRIVATE).download(`${userA}/note.txt`);
    expect(error).toMatchObject({ statusCode: '403', message: expect.stringContaining('exp') });
  });
});
