import { expect, test, type Page } from '@playwright/test';
import { personas, signIn, withDb } from './support';

type Row = { company_name: string; contact_info: string; low_stock_threshold: number };
const readRow = () =>
  withDb(async (db) => (await db.query<Row>("select company_name, contact_info, low_stock_threshold from public.metadata where id = 'app_settings'")).rows[0]!);
const writeRow = (row: Row) =>
  withDb((db) =>
    db.query("update public.metadata set company_name = $1, contact_info = $2, low_stock_threshold = $3 where id = 'app_settings'", [
      row.company_name,
      row.contact_info,
      row.low_stock_threshold,
    ]),
  );

const topRight = (page: Page) => page.locator('[data-sonner-toaster][data-x-position="right"][data-y-position="top"]');

test.describe.configure({ mode: 'serial' });

let original: Row;
test.beforeAll(async () => {
  original = await readRow();
});
test.afterAll(async () => {
  await withDb((db) => db.query('grant update on public.metadata to authenticated'));
  await writeRow(original);
});

async function openSettings(page: Page) {
  await signIn(page, personas.superadmin, '/dashboard');
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Configuración' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();
  await page.mouse.move(10, 790); // away from the toasts: sonner pauses while hovered
}

test('muestra los valores guardados, valida en español y guarda con el aviso de éxito', async ({ page }) => {
  await openSettings(page);
  await expect(page.getByLabel('Nombre de la empresa')).toHaveValue(original.company_name);
  await expect(page.getByLabel('Información de contacto')).toHaveValue(original.contact_info);
  await expect(page.getByLabel('Umbral de stock bajo')).toHaveValue(String(original.low_stock_threshold));

  await page.getByLabel('Nombre de la empresa').fill('   ');
  await page.getByLabel('Umbral de stock bajo').fill('-3');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Escribe el nombre de la empresa.')).toBeVisible();
  await expect(page.getByText('El umbral no puede ser negativo.')).toBeVisible();
  await expect(page.getByLabel('Nombre de la empresa')).toHaveAttribute('aria-invalid', 'true');

  const contact = 'Teléfono: +57 601 555 0101\nCorreo: hola@savia.test';
  await page.getByLabel('Nombre de la empresa').fill('Savia Naturaleza S.A.S.');
  await page.getByLabel('Información de contacto').fill(contact);
  await page.getByLabel('Umbral de stock bajo').fill('15');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();

  const toast = topRight(page).getByText('Configuración guardada con éxito.', { exact: true });
  await expect(toast).toBeVisible();
  const shownAt = Date.now();
  // Toasts are 400 px wide at the top right.
  const box = await page.locator('[data-sonner-toast]').filter({ hasText: 'Configuración guardada con éxito.' }).boundingBox();
  expect(Math.round(box!.width)).toBe(400);
  expect(box!.x + box!.width).toBeGreaterThan(1280 - 60);
  expect(box!.y).toBeLessThan(80);
  // Success toasts last 2 s.
  await expect(toast).toBeHidden({ timeout: 4000 });
  expect(Date.now() - shownAt).toBeLessThan(3800);

  expect(await readRow()).toEqual({ company_name: 'Savia Naturaleza S.A.S.', contact_info: contact, low_stock_threshold: 15 });
  await page.reload();
  await expect(page.getByLabel('Nombre de la empresa')).toHaveValue('Savia Naturaleza S.A.S.');
  await expect(page.getByLabel('Umbral de stock bajo')).toHaveValue('15');
});

test('si la base de datos rechaza la escritura, avisa del error y no cambia nada', async ({ page }) => {
  await openSettings(page);
  const before = await readRow();
  await withDb((db) => db.query('revoke update on public.metadata from authenticated'));
  try {
    await page.getByLabel('Nombre de la empresa').fill('No se guardará');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    const toast = topRight(page).getByText('Error al guardar la configuración.', { exact: true });
    await expect(toast).toBeVisible();
    const shownAt = Date.now();
    await expect(page.getByText('Configuración guardada con éxito.')).toHaveCount(0);
    // Error toasts last 4 s.
    await page.waitForTimeout(2500);
    await expect(toast).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 4000 });
    expect(Date.now() - shownAt).toBeLessThan(5800);
    expect(await readRow()).toEqual(before);
    // The form keeps what was typed, so it can be saved once the problem is fixed.
    await expect(page.getByLabel('Nombre de la empresa')).toHaveValue('No se guardará');
  } finally {
    await withDb((db) => db.query('grant update on public.metadata to authenticated'));
  }
});

test('un admin no llega a Configuración', async ({ page }) => {
  await signIn(page, personas.admin, '/dashboard');
  await page.goto('/configuracion');
  await expect(page).toHaveURL(/\/dashboard$/);
});
