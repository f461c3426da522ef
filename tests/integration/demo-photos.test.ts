// The demo catalogue shows a picture for each product: the seed points every demo product at
// product-images/<id>/<sku>.webp and the stack uploads supabase/seed-photos/<SKU>.webp there
// (scripts/stack/demo-photos.mjs). Anyone reads them by the bucket's public URL, as the catalogue does.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cfg, sql } from './support';

describe('fotos del catálogo de demostración', () => {
  it('cada producto de la semilla tiene su foto guardada y cualquiera la lee por la URL pública del bucket', async () => {
    const products = await sql<{ sku: string; image_path: string | null }>(
      `select p.sku, p.image_path from public.products p where p.sku in ('KIT-INICIO', 'MOR-500', 'LAV-030', 'CHI-500', 'EQU-020') order by p.sku`,
    );
    expect(products).toHaveLength(5);
    for (const { sku, image_path: path } of products) {
      expect(path, sku).toMatch(new RegExp(`^[0-9a-f-]{36}/${sku.toLowerCase()}\\.webp$`));
      const res = await fetch(`${cfg.apiUrl}/storage/v1/object/public/product-images/${path}`);
      expect(res.status, sku).toBe(200);
      expect(res.headers.get('content-type'), sku).toBe('image/webp');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.equals(readFileSync(join(process.cwd(), 'supabase', 'seed-photos', `${sku}.webp`))), sku).toBe(true);
    }
  });
});
