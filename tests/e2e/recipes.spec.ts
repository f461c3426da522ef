// Recetario, as Laura (admin): a recipe without products refused at the products, a therapeutic claim
// warned about (without blocking), a denied camera leaving a clear sentence and the file picker, then
// a recipe whose photo is taken with Chromium's fake camera and another whose photo comes through the
// file input, both in the database with their products and photos; the search in the URL; «Imprimir»
// (the print media shows the recipe alone); the first one on María's public page with its photo; and
// the second deleted (with its photo) after its confirmation. The spec deletes what it made.
import { expect, test, type Page } from '@playwright/test';
import config from '../../playwright.config';
import { pngImage } from './files';
import { expectAccessible, shootScreen } from './look';
import { openAs } from './session';
import { personas, withDb } from './support';

// The config's Chromium and flags, plus a fake camera that needs no permission prompt.
const launchOptions = config.projects?.[0]?.use?.launchOptions ?? {};
test.use({
  launchOptions: { ...launchOptions, args: [...(launchOptions.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] },
  permissions: ['camera'],
});

const tag = Math.random().toString(36).slice(2, 7).toUpperCase();
const withCamera = `Agua de jengibre ${tag}`;
const withFile = `Té de romero ${tag}`;
const MARIA_SLUG = 'maria-fernandez';

const toasts = (page: Page) => page.locator('[data-sonner-toaster]');

interface RecipeInDb {
  id: string;
  image_path: string | null;
  in_storage: boolean;
  products: string[];
}

async function recipeInDb(title: string): Promise<RecipeInDb | undefined> {
  return withDb(async (db) => {
    const { rows } = await db.query<RecipeInDb>(
      `select r.id, r.image_path,
              exists (select 1 from storage.objects o where o.bucket_id = 'recipe-images' and o.name = r.image_path) as in_storage,
              array(select p.sku || ' ' || rp.amount from public.recipe_products rp join public.products p on p.id = rp.product_id
                     where rp.recipe_id = r.id order by p.sku) as products
         from public.recipes r where r.title = $1`,
      [title],
    );
    return rows[0];
  });
}

async function addProduct(dialog: ReturnType<Page['getByRole']>, search: string, name: string, amount: string) {
  await dialog.getByLabel('Buscar producto').fill(search);
  await dialog.getByRole('button', { name: `Agregar ${name}` }).click();
  await dialog.getByLabel(`Cantidad de ${name}`).fill(amount);
}

test.afterAll(async () => {
  await withDb((db) => db.query('delete from public.recipes where title in ($1, $2)', [withCamera, withFile]));
});

test('crear recetas con foto de la cámara y del archivo, buscarlas, imprimir y verlas en la página pública, como admin', async ({ page, browser }) => {
  await openAs(page, personas.admin, '/recetario');
  await expect(page.getByRole('heading', { level: 1, name: 'Recetario' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Recetas', exact: true });
  await expect(list.getByRole('heading', { name: 'Batido verde de moringa y chía' })).toBeVisible();

  // A recipe with a claim and no products: the claim only warns, the missing products refuse.
  await page.getByRole('button', { name: 'Nueva receta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva receta' });
  await dialog.getByLabel('Título').fill(withCamera);
  await dialog.getByLabel('Descripción').fill('Refrescante; dicen que cura el cansancio.');
  await dialog.getByLabel('Preparación').fill('1. Disuelve la cápsula en agua fría.\n2. Sirve con hielo.');
  const benefits = dialog.getByRole('group', { name: 'Beneficios' });
  await benefits.getByRole('checkbox', { name: 'Digestión' }).check();
  await benefits.getByRole('checkbox', { name: 'Energía' }).check();
  await expect(dialog.getByRole('status').filter({ hasText: 'Evita afirmaciones terapéuticas' })).toContainText('«cura»');
  await dialog.getByRole('button', { name: 'Guardar receta' }).click();
  await expect(dialog.getByText('Agrega al menos un producto del catálogo a la receta.')).toBeVisible();
  expect(await recipeInDb(withCamera)).toBeUndefined();

  // The camera refused: a clear sentence, and the file picker is right there.
  await page.evaluate(() => {
    const devices = navigator.mediaDevices as MediaDevices & { realGetUserMedia?: MediaDevices['getUserMedia'] };
    devices.realGetUserMedia = devices.getUserMedia.bind(devices);
    devices.getUserMedia = () => Promise.reject(new DOMException('Permiso denegado', 'NotAllowedError'));
  });
  await dialog.getByRole('button', { name: 'Tomar foto', exact: true }).click();
  await expect(dialog.getByText(/No pudimos usar la cámara .* Elige una foto desde tus archivos\./)).toBeVisible();
  await expect(dialog.getByLabel('Foto', { exact: true })).toBeAttached();
  await page.evaluate(() => {
    const devices = navigator.mediaDevices as MediaDevices & { realGetUserMedia?: MediaDevices['getUserMedia'] };
    devices.getUserMedia = devices.realGetUserMedia!;
  });

  // Chromium's fake camera: the live preview, then «Capturar».
  await dialog.getByRole('button', { name: 'Tomar foto', exact: true }).click();
  await expect(dialog.getByLabel('Vista de la cámara')).toBeVisible();
  await dialog.getByRole('button', { name: 'Capturar' }).click();
  await expect(dialog.getByRole('img', { name: /Vista previa de foto-\d+\.(jpg|webp)/ })).toBeVisible();
  await addProduct(dialog, 'jengibre', 'Jengibre en cápsulas', '1 cápsula');
  await addProduct(dialog, 'MOR-500', 'Moringa en cápsulas', '½ cápsula');
  await expectAccessible(page, 'Nueva receta');
  await shootScreen(page, 'nueva-receta', { fullPage: false });
  await dialog.getByRole('button', { name: 'Guardar receta' }).click();
  await expect(toasts(page).getByText('Receta guardada.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const first = await recipeInDb(withCamera);
  expect(first).toMatchObject({ in_storage: true, products: ['JEN-060 1 cápsula', 'MOR-500 ½ cápsula'] });
  expect(first!.image_path).toMatch(new RegExp(`^${first!.id}/[0-9a-f-]+\\.(jpg|webp)$`));

  // The second one, its photo through the file input.
  await page.getByRole('button', { name: 'Nueva receta' }).click();
  await dialog.getByLabel('Título').fill(withFile);
  await benefits.getByRole('checkbox', { name: 'Concentración' }).check();
  await addProduct(dialog, 'romero', 'Aceite esencial de romero', '2 gotas');
  await dialog.getByLabel('Foto', { exact: true }).setInputFiles({ name: 'romero.png', mimeType: 'image/png', buffer: pngImage() });
  await expect(dialog.getByRole('img', { name: /Vista previa de romero/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Guardar receta' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await recipeInDb(withFile))?.in_storage).toBe(true);

  // The search, in the URL: by product, whatever the accents and capitals.
  await page.getByLabel('Buscar', { exact: true }).fill(`JENGIBRE ${tag.toLowerCase()}`);
  await expect(page).toHaveURL(/q=JENGIBRE/);
  await expect(list.getByRole('listitem').filter({ has: page.getByRole('heading') })).toHaveCount(1);
  const card = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: withCamera }) });
  await expect.poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.getByLabel('Buscar', { exact: true }).fill(tag);
  await expect(list.getByRole('heading', { name: withFile })).toBeVisible();
  await expectAccessible(page, 'Recetario');
  await shootScreen(page, 'recetario');

  // «Imprimir»: the print view; on paper, the recipe alone.
  await card.getByRole('button', { name: `Imprimir ${withCamera}` }).click();
  await expect(page).toHaveURL(/imprimir=/);
  const printed = page.locator('article.recipe-print');
  await expect(printed.getByRole('heading', { name: withCamera })).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void (window as unknown as { printed: number }).printed++;
  });
  await page.getByRole('button', { name: 'Imprimir', exact: true }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(printed.getByText('Jengibre en cápsulas: 1 cápsula')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Recetario' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Productos' }).first()).toBeHidden();
  await expect(page.getByRole('button', { name: 'Imprimir', exact: true })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('button', { name: 'Volver al Recetario' }).click();

  // On María's public page, with its photo (the bucket is public; a visitor has no session).
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/p/${MARIA_SLUG}`);
  const photo = visitor.getByRole('region', { name: 'Recetas con estos productos' }).getByRole('img', { name: withCamera });
  await photo.scrollIntoViewIfNeeded(); // lazy: it loads near the viewport
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await visitor.context().close();

  // Deleting asks first, and takes the photo with it.
  const second = await recipeInDb(withFile);
  await list.getByRole('button', { name: `Borrar ${withFile}` }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Borrar la receta?' });
  await confirm.getByRole('button', { name: 'Borrar' }).click();
  await expect(toasts(page).getByText('Receta borrada.')).toBeVisible();
  await expect(list.getByRole('heading', { name: withFile })).toBeHidden();
  expect(await recipeInDb(withFile)).toBeUndefined();
  const photos = () =>
    withDb(async (db) => (await db.query(`select 1 from storage.objects where bucket_id = 'recipe-images' and name = $1`, [second!.image_path])).rowCount);
  await expect.poll(photos).toBe(0);
});
