import { expect, test } from '@playwright/test';
import { openAs } from './session';
import { personas } from './support';

// After a deploy, an open tab may ask for a page chunk that no longer exists. The person must get a
// Spanish page that offers a reload, never React Router's developer screen.
test('una página que no se puede cargar muestra un error en español con «Recargar»', async ({ page }) => {
  await openAs(page, personas.admin, '/dashboard');
  await page.route(/\/assets\/products-[^/]*\.js$/, (route) => route.abort('failed'));
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Productos' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'No pudimos mostrar esta página' })).toBeVisible();
  await expect(page.getByText('Hey developer')).toHaveCount(0);
  // The shell keeps its navigation around the broken page.
  await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();

  await page.unroute(/\/assets\/products-[^/]*\.js$/);
  await page.getByRole('button', { name: 'Recargar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Productos' })).toBeVisible();
});
