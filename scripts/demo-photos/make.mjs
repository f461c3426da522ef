// @ts-check
// `node scripts/demo-photos/make.mjs`: draws the demo catalogue's product pictures (illustrations, not
// photographs: this machine reaches no photo library) and writes them as WebP into
// supabase/seed-photos/<SKU>.webp, where the stack uploads them when it seeds (scripts/stack/demo-photos.mjs).
// Run it again only to change a picture; the files are committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { ROOT } from '../lib/config.mjs';
import { chromiumPath } from '../lib/system-deps.mjs';
import { PICTURES, pictureSvg } from './pictures.mjs';

const SIZE = 640;
const out = join(ROOT, 'supabase', 'seed-photos');
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage();
  for (const picture of PICTURES) {
    const svg = pictureSvg(picture, SIZE);
    // The SVG drawn on a canvas in the browser, then encoded as WebP by the browser's own encoder.
    const dataUrl = await page.evaluate(
      async ({ svg, size }) => {
        const img = new Image();
        img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = size;
        canvas.height = size;
        canvas.getContext('2d')?.drawImage(img, 0, 0, size, size);
        return canvas.toDataURL('image/webp', 0.82);
      },
      { svg, size: SIZE },
    );
    const bytes = Buffer.from(dataUrl.split(',')[1], 'base64');
    writeFileSync(join(out, `${picture.sku}.webp`), bytes);
    console.log(`${picture.sku}.webp ${(bytes.length / 1024).toFixed(1)} kB`);
  }
} finally {
  await browser.close();
}
