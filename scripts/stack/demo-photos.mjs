// @ts-check
// The demo catalogue's pictures (supabase/seed-photos/<SKU>.webp, drawn by scripts/demo-photos/make.mjs)
// put where the screens read them: supabase/seed.sql points each demo product's image_path at
// product-images/<product id>/<sku>.webp, and this uploads the file there through the storage API, as
// the Productos screen would, whenever the stack starts and a product points at a photo that is not
// stored yet (a fresh seed, or `npm run db:reset` under a running stack).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../lib/config.mjs';

const PHOTOS_DIR = join(ROOT, 'supabase', 'seed-photos');

/**
 * @param {ReturnType<import('../lib/config.mjs').stackConfig>} cfg
 * @param {import('pg').Pool | import('pg').Client} db
 * @returns {Promise<number>} how many photos were uploaded
 */
export async function uploadDemoPhotos(cfg, db) {
  const { rows } = await db.query(
    `select p.sku, p.image_path from public.products p
      where p.image_path is not null
        and not exists (select 1 from storage.objects o where o.bucket_id = 'product-images' and o.name = p.image_path)`,
  );
  let uploaded = 0;
  for (const { sku, image_path: path } of rows) {
    const file = join(PHOTOS_DIR, `${sku}.webp`);
    if (!existsSync(file)) continue; // a product of someone else's making: not ours to fill
    const res = await fetch(`${cfg.apiUrl}/storage/v1/object/product-images/${path}`, {
      method: 'POST',
      headers: { apikey: cfg.secretKey, 'content-type': 'image/webp', 'x-upsert': 'true', 'cache-control': '3600' },
      body: readFileSync(file),
    });
    if (!res.ok) throw new Error(`No se pudo subir la foto de demostración ${sku}: ${res.status} ${await res.text()}`);
    uploaded += 1;
  }
  return uploaded;
}
