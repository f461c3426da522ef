import { expect, test } from '@playwright/test';
import { expectAccessible, shootScreen } from './look';
import { openAs, seedSession } from './session';
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

// The API not answering while the person loads is no sign-out: the session stays, the page says why
// and «Reintentar» brings the person in once it answers.
test('si la API no responde al cargar la sesión, se ve «Reintentar» y no «Iniciar Sesión»', async ({ page }) => {
  const roles = /\/rest\/v1\/users_roles\b/;
  await page.route(roles, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service Unavailable"}' }));
  await seedSession(page, personas.admin);
  await page.goto('/dashboard');

  await expect(page.getByRole('heading', { level: 1, name: 'No pudimos cargar tu sesión' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Tu sesión sigue abierta');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Continuar con Google' })).toHaveCount(0);
  await expectAccessible(page, 'la sesión que no cargó');
  await shootScreen(page, 'sesion-sin-respuesta');

  await page.unroute(roles);
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
