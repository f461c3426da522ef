// Configuración › Ajustes as Diego (superadmin): the saved values, Spanish validation, a save with its
// toast (where it shows and, on the page's clock, how long), and a write the database refuses. The
// settings are the company's: the test that saves is @empresa and puts them back when it ends; the
// refused one changes nothing anyone else reads.
import type { Page } from '@playwright/test';
import { formatMoney, formatPercent } from '../../src/lib/format/format';
import { one } from './db';
import { expect, test } from './fixtures';
import { expectAccessible, shootScreen } from './look';
import { expectToastLasts, pauseUntilShown, recordToastTimes } from './pages/shell';
import { openAs } from './session';
import { personas, withDb } from './support';

type Row = { company_name: string; contact_info: string; low_stock_threshold: number };
const readRow = () => one<Row>("select company_name, contact_info, low_stock_threshold from public.metadata where id = 'app_settings'");
const writeRow = (row: Row) =>
  withDb((db) =>
    db.query("update public.metadata set company_name = $1, contact_info = $2, low_stock_threshold = $3 where id = 'app_settings'", [
      row.company_name,
      row.contact_info,
      row.low_stock_threshold,
    ]),
  );

const topRight = (page: Page) => page.locator('[data-sonner-toaster][data-x-position="right"][data-y-position="top"]');

/** Configuración from the navigation, on a page whose clock the test moves (toasts' durations are read on it). */
async function openSettings(page: Page) {
  await page.clock.install();
  await recordToastTimes(page);
  await openAs(page, personas.superadmin, '/dashboard');
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Configuración' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();
  await page.mouse.move(10, 790); // away from the toasts: sonner pauses while hovered
}

test('muestra los valores guardados, valida en español y guarda con el aviso de éxito', { tag: '@empresa' }, async ({ page }) => {
  const original = await readRow();
  try {
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
    const toast = topRight(page).getByText('Configuración guardada con éxito.', { exact: true });
    await pauseUntilShown(page, toast, () => page.getByRole('button', { name: 'Guardar cambios' }).click());
    // Toasts are 400 px wide at the top right.
    const box = await page.locator('[data-sonner-toast]').filter({ hasText: 'Configuración guardada con éxito.' }).boundingBox();
    expect(Math.round(box!.width)).toBe(400);
    expect(box!.x + box!.width).toBeGreaterThan(1280 - 60);
    expect(box!.y).toBeLessThan(80);
    // Success toasts last 2 s.
    await expectToastLasts(page, toast, 2_000);

    expect(await readRow()).toEqual({ company_name: 'Savia Naturaleza S.A.S.', contact_info: contact, low_stock_threshold: 15 });
    await page.reload();
    await expect(page.getByLabel('Nombre de la empresa')).toHaveValue('Savia Naturaleza S.A.S.');
    await expect(page.getByLabel('Umbral de stock bajo')).toHaveValue('15');
  } finally {
    await writeRow(original);
  }
});

test('si la base de datos rechaza la escritura, avisa del error y no cambia nada', async ({ page }) => {
  await openSettings(page);
  const before = await readRow();
  // The database refuses this page's write as it refuses anyone without the grant: the request goes
  // to the real API without Diego's token, so PostgREST runs it as anon, who may not write the
  // settings (42501). Only this request: nobody else's writes are refused.
  await page.route(/\/rest\/v1\/metadata\b/, (route) => {
    if (route.request().method() === 'GET') return route.continue();
    const { authorization: _withoutToken, ...headers } = route.request().headers();
    return route.continue({ headers });
  });
  await page.getByLabel('Nombre de la empresa').fill('No se guardará');
  const refused = page.waitForResponse((res) => /\/rest\/v1\/metadata\b/.test(res.url()) && res.request().method() !== 'GET');
  const toast = topRight(page).getByText('Error al guardar la configuración.', { exact: true });
  await pauseUntilShown(page, toast, () => page.getByRole('button', { name: 'Guardar cambios' }).click());
  expect(await (await refused).json(), 'la base de datos rechaza la escritura').toMatchObject({ code: '42501' });
  await expect(page.getByText('Configuración guardada con éxito.')).toHaveCount(0);
  // Error toasts last 4 s.
  await expectToastLasts(page, toast, 4_000);
  expect(await readRow()).toEqual(before);
  // The form keeps what was typed, so it can be saved once the problem is fixed.
  await expect(page.getByLabel('Nombre de la empresa')).toHaveValue('No se guardará');
});

test('un admin no llega a Configuración', async ({ page }) => {
  await openAs(page, personas.admin, '/dashboard');
  await page.goto('/configuracion');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('el formato regional se elige con una muestra, y las pantallas escriben el dinero como ese país', { tag: '@empresa' }, async ({ page }) => {
  const { locale: before, currency } = await one<{ locale: string; currency: string }>(
    "select locale, currency from public.metadata where id = 'app_settings'",
  );
  try {
    await openSettings(page);
    const select = page.getByLabel('Formato regional');
    await expect(select).toHaveValue('es-CO');
    const field = page.locator('[data-slot="field"]').filter({ has: select });
    await expect(field).toContainText(`Así se verán: ${formatMoney(1234567.5, currency, 'es-CO')} · ${formatPercent(0.025, 'es-CO')}`);
    await select.selectOption('es-MX');
    // The sample follows the choice before saving.
    await expect(field).toContainText(`Así se verán: ${formatMoney(1234567.5, currency, 'es-MX')} · ${formatPercent(0.025, 'es-MX')}`);
    await expectAccessible(page, 'Configuración con el formato regional');
    await shootScreen(page, 'configuracion-formato-regional');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(topRight(page).getByText('Configuración guardada con éxito.', { exact: true })).toBeVisible();
    expect((await one<{ locale: string }>("select locale from public.metadata where id = 'app_settings'")).locale).toBe('es-MX');
    await page.reload();
    await expect(page.getByLabel('Formato regional')).toHaveValue('es-MX');
  } finally {
    await withDb((db) => db.query("update public.metadata set locale = $1 where id = 'app_settings'", [before]));
  }
});
