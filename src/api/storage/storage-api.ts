// Files in Storage: uploads go under the folder the bucket's policy expects, private files are shown
// through short-lived signed URLs, public ones (product photos) through their public URL.
import { unwrap } from '@/lib/data/db';
import { supabase } from '@/lib/data/supabase';
import type { Bucket } from './buckets';

export { BUCKETS, publicUrl, type Bucket } from './buckets';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' };

/** Uploads a file as `<folder>/<random>.<ext>` (never overwriting) and returns its path in the bucket. */
export async function uploadFile(bucket: Bucket, folder: string, file: Blob): Promise<string> {
  const extension = EXTENSIONS[file.type] ?? 'bin';
  const path = `${folder}/${crypto.randomUUID()}.${extension}`;
  await unwrap(supabase.storage.from(bucket).upload(path, file, { contentType: file.type, upsert: false }));
  return path;
}

/** A link to a private file that works for a few minutes, for whoever may read it now. */
export async function signedUrl(bucket: Bucket, path: string, seconds = 300): Promise<string> {
  const data = await unwrap(supabase.storage.from(bucket).createSignedUrl(path, seconds));
  return data.signedUrl;
}
