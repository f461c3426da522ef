// Productos. As Laura (admin): a photo that is not an image and one of 30 MB refused at the field, a
// duplicate SKU refused by the database at the field, then a new product with its photo saved (the
// database says so), edited, its stock adjusted (an exit below zero refused at the quantity first),
// the history showing it, and deactivated at the end (a product with movements is never deleted, so
// this spec's own product leaves the catalogue members see). No cost or margin column for her.
// As Sofía (superadmin with finance): the cost and margin columns and the panel's finance figures.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { formatMoney } from '../../src/lib/format/format';
import { readSettings } from './db';
import { pngImage } from './files';
import { expectAccessible, shootScreen } from './look';
import { openAs } from './session';
import { personas, withDb } from './support';

const tag = Math.random().toString(36).slice(2, 7).toUpperCase();
const sku = `E2E-${tag}`;
const name = `Jarabe de saúco ${tag}`;

const toasts = (page: Page) => page.locator('[data-sonner-toaster]');

interface ProductInDb {
  id: string;
  price: number;
  commissionable_amount: number;
  points: number;
  stock: number;
  image_path: string | null;
  benefits: string[];
  category: string | null;
  is_active: boolean;
  in_storage: boolean;
}

async function productInDb(): Promise<ProductInDb | undefined> {
  return withDb(async (db) => {
    const { rows } = await db.query<ProductInDb>(
      `select p.id, p.price::float8 as price, p.commissionable_amount::float8 as commissionable_amount, p.points, p.stock, p.image_path,
              p.benefits, p.category, p.is_active,
              exists (select 1 from storage.objects o where o.bucket_id = 'product-images' and o.name = p.image_path) as in_storage
         from public.products p where p.sku = $1`,
      [sku],
    );
    return rows[0];
  });
}

test('crear un producto con foto, editarlo, ajustar su stock y ver el historial, como admin', async ({ page }) => {
  await openAs(page, personas.admin, '/productos');
  await expect(page.getByRole('heading', { level: 1, name: 'Productos' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Productos' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // Finance's columns are not there for an admin (and the API sends her no cost: integration tests).
  await expect(table.getByRole('columnheader', { name: 'Precio' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /Costo|Margen/ })).toHaveCount(0);

  // Low stock in the URL, as the Dashboard links to it.
  await page.getByRole('combobox', { name: 'Stock' }).selectOption('bajo');
  await expect(page).toHaveURL(/stock=bajo/);
  await expect(table.getByText('Stock bajo').first()).toBeVisible();
  await expectAccessible(page, 'Productos');
  await shootScreen(page, 'productos');
  await page.getByRole('combobox', { name: 'Stock' }).selectOption('');

  await page.getByRole('button', { name: 'Nuevo producto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo producto' });
  await expect(dialog).toBeVisible();

  // Files that are not a photo, or too big to decode, are refused where they were picked.
  const photo = dialog.getByLabel('Foto', { exact: true });
  await photo.setInputFiles({ name: 'lista.png', mimeType: 'image/png', buffer: Buffer.from('esto no es una imagen') });
  await expect(dialog.getByText('Ese archivo no es una imagen JPG, PNG o WebP.')).toBeVisible();
  // A 30 MB «photo» from disk (a path is handed to the local browser as is; a buffer would be copied).
  const huge = Buffer.alloc(30 * 1024 * 1024);
  pngImage().copy(huge, 0, 0, 64);
  const hugePath = join(mkdtempSync(join(tmpdir(), 'savia-e2e-')), 'enorme.png');
  writeFileSync(hugePath, huge);
  await photo.setInputFiles(hugePath);
  await expect(dialog.getByText(/La imagen pesa 30 MB; el máximo es 25 MB\./)).toBeVisible();

  // A SKU another product has (whatever the capitals): the database's sentence at the SKU.
  await dialog.getByLabel('SKU').fill('mor-500');
  await dialog.getByLabel('Nombre').fill(name);
  await dialog.getByLabel('Categoría').fill('Jarabes');
  // Benefits from the closed list, as chips: the keys are stored, in the list's order.
  const benefits = dialog.getByRole('group', { name: 'Beneficios' });
  await benefits.getByRole('checkbox', { name: 'Piel' }).check();
  await benefits.getByRole('checkbox', { name: 'Defensas' }).check();
  await dialog.getByLabel('Precio').fill('12.500');
  await dialog.getByLabel('Base comisionable').fill('10.000');
  await dialog.getByLabel('Puntos').fill('15');
  await dialog.getByLabel('Stock inicial').fill('5');
  await photo.setInputFiles({ name: 'sauco.png', mimeType: 'image/png', buffer: pngImage() });
  await expect(dialog.getByRole('img', { name: /Vista previa/ })).toBeVisible();
  await expectAccessible(page, 'Nuevo producto');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Ya existe un producto con el SKU mor-500: usa otro.')).toBeVisible();
  await expect(dialog.getByLabel('SKU')).toHaveAttribute('aria-invalid', 'true');
  expect(await productInDb()).toBeUndefined();

  await dialog.getByLabel('SKU').fill(sku);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(toasts(page).getByText('Producto guardado.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const saved = await productInDb();
  expect(saved).toMatchObject({
    price: 12_500,
    commissionable_amount: 10_000,
    points: 15,
    stock: 5,
    benefits: ['defensas', 'piel'],
    category: 'Jarabes',
    in_storage: true,
  });
  expect(saved!.image_path).toMatch(new RegExp(`^${saved!.id}/[0-9a-f-]+\\.(jpg|webp)$`));

  // The new product's panel is open, in the URL.
  await expect(page).toHaveURL(new RegExp(`producto=${saved!.id}`));
  const panel = page.getByRole('dialog', { name: name });
  await expect(panel.getByText('Stock inicial').first()).toBeVisible();

  // Edit: a new price.
  await panel.getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar producto' });
  await edit.getByLabel('Precio').fill('14000');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(edit).toBeHidden();
  await expect.poll(async () => (await productInDb())?.price).toBe(14_000);

  // «Ajustar stock»: taking out more than there is is refused at the quantity; then 3 out.
  await panel.getByRole('button', { name: 'Ajustar stock' }).click();
  const adjust = page.getByRole('dialog', { name: `Ajustar stock de «${name}»` });
  await adjust.getByLabel('Salida (resta)').check();
  await adjust.getByLabel('Cantidad').fill('9');
  await adjust.getByLabel('Motivo').fill('Merma de prueba');
  await adjust.getByRole('button', { name: 'Registrar ajuste' }).click();
  await expect(adjust.getByText(`No puedes sacar 9 unidades de «${name}»: solo hay 5 en stock.`)).toBeVisible();
  await expect(adjust.getByLabel('Cantidad')).toHaveAttribute('aria-invalid', 'true');
  expect((await productInDb())?.stock).toBe(5);
  await adjust.getByLabel('Cantidad').fill('3');
  await adjust.getByRole('button', { name: 'Registrar ajuste' }).click();
  await expect(adjust).toBeHidden();
  await expect.poll(async () => (await productInDb())?.stock).toBe(2);

  // The history shows it, newest first, with the stock after it.
  const history = panel.getByRole('list', { name: 'Movimientos de inventario del producto' });
  await expect(history.getByRole('listitem').first()).toContainText('Merma de prueba');
  await expect(history.getByRole('listitem').first()).toContainText('Stock después: 2');
  await expect(history.getByRole('listitem').first()).toContainText('−3');

  // Deactivated (confirmed): it leaves the members' catalogue; the history stays.
  await panel.getByRole('button', { name: 'Desactivar' }).click();
  const confirm = page.getByRole('alertdialog', { name: `¿Desactivar «${name}»?` });
  await confirm.getByRole('button', { name: 'Desactivar' }).click();
  await expect(confirm).toBeHidden();
  await expect.poll(async () => (await productInDb())?.is_active).toBe(false);
});

test('finanzas ve costo, margen y margen tras el plan', async ({ page }) => {
  const [expected] = await withDb(
    async (db) =>
      (
        await db.query<{ id: string; cost: string }>(
          `select p.id, c.unit_cost::text as cost from public.products p join public.product_costs c on c.product_id = p.id where p.sku = 'MOR-500'`,
        )
      ).rows,
  );
  await openAs(page, personas.superFinance, '/productos?q=MOR-500');
  const table = page.getByRole('table', { name: 'Productos' });
  await expect(table.getByRole('columnheader', { name: 'Costo' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Margen tras el plan' })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: 'MOR-500' });
  await expect(row).toContainText(formatMoney(expected!.cost, (await readSettings()).currency));

  await row.click();
  await expect(page).toHaveURL(new RegExp(`producto=${expected!.id}`));
  const panel = page.getByRole('dialog', { name: 'Moringa en cápsulas' });
  await expect(panel.getByText('Lo máximo que paga el plan')).toBeVisible();
  await expect(panel.getByText('Margen tras el plan')).toBeVisible();
  await expectAccessible(page, 'Productos (finanzas, detalle)');
});
