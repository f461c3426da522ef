// The back office's shell for each staff role: where signing in lands, the navigation each one gets,
// the routes each may open by their address (the first by a full load, the rest inside the app:
// `walk`), signing out, the keyboard and the phone's drawer. Only
// the first test signs in through Google's chooser (that is what it is about); the rest start signed in.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { MAIN_NAV } from './pages/shell';
import { expectNoFigureCut } from './overflow';
import { openAs } from './session';
import { BASE_NAV, expectedDisplayName, MEMBER_PATHS, navLabels, personas, settle, signIn, STAFF_PATHS, SUPER_NAV, SUPER_PATHS, walk } from './support';

async function expectHeader(page: Page, firstNameOrEmail: string) {
  const header = page.getByRole('banner');
  await expect(header.getByTestId('header-user-name')).toHaveText(firstNameOrEmail);
  await expect(header.getByRole('img', { name: 'En línea' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
  await expect(header.getByRole('button', { name: /Cambiar a tema (claro|oscuro)/ })).toBeVisible();
  const recetario = header.getByRole('link', { name: 'Recetario' });
  await expect(recetario).toHaveAttribute('href', '/recetario');
  await recetario.click();
  await expect(page).toHaveURL(/\/recetario$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Recetario' })).toBeVisible();
}

const cases = [
  { who: 'admin', email: personas.admin, nav: BASE_NAV, allowed: STAFF_PATHS, forbidden: [...SUPER_PATHS, '/finanzas', ...MEMBER_PATHS] },
  {
    who: 'superadmin sin finanzas',
    email: personas.superadmin,
    nav: SUPER_NAV,
    allowed: [...STAFF_PATHS, ...SUPER_PATHS],
    forbidden: ['/finanzas', ...MEMBER_PATHS],
  },
  {
    who: 'superadmin con finanzas',
    email: personas.superFinance,
    nav: [...SUPER_NAV, 'Finanzas'],
    // The claim only adds Finanzas: the superadmin above opens every other route by its address, and
    // «cada página muestra su título real» opens them all again from this account's navigation.
    allowed: ['/finanzas'],
    forbidden: MEMBER_PATHS,
  },
];

for (const c of cases) {
  test.describe(c.who, () => {
    test('entra al dashboard, ve exactamente su navegación y su cabecera', async ({ page }) => {
      await signIn(page, c.email, '/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      expect(await navLabels(page, MAIN_NAV)).toEqual(c.nav);
      await expect(page.getByRole('navigation', { name: MAIN_NAV }).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
      await expectHeader(page, await expectedDisplayName(c.email));
    });

    test('abre sus rutas por su dirección', async ({ page }) => {
      await openAs(page, c.email, '/dashboard');
      await walk(
        page,
        c.allowed.map((path) => [path, path] as const),
      );
    });

    test('las rutas prohibidas y las desconocidas vuelven a su inicio', async ({ page }) => {
      await openAs(page, c.email, '/dashboard');
      await walk(
        page,
        [...c.forbidden, '/', '/no-existe', '/login'].map((path) => [path, '/dashboard'] as const),
      );
    });
  });
}

// Every screen of the back office, as the person who sees the most columns (finance's): its title,
// and no figure cut off at the laptop's or the phone's size (overflow.ts).
test('cada página muestra su título real y ninguna cifra cortada', async ({ page }) => {
  await openAs(page, personas.superFinance, '/dashboard');
  const nav = page.getByRole('navigation', { name: MAIN_NAV });
  for (const label of [...SUPER_NAV, 'Finanzas']) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: label, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
    await expectNoFigureCut(page, label);
  }
  await page.getByRole('banner').getByRole('link', { name: 'Recetario' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recetario' })).toBeVisible();
  await expectNoFigureCut(page, 'Recetario');
});

test('Cerrar Sesión termina la sesión y lleva a /login', async ({ page, own }) => {
  // Signing out ends every session of the person: an admin of the test's own, not Laura.
  const admin = await own.staff({ name: 'Alma Salida', role: 'admin' });
  await openAs(page, admin.email, '/dashboard');
  await page.getByRole('banner').getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();
  await settle(page, '/dashboard', '/login');
});

test('la navegación se usa con el teclado', async ({ page }) => {
  await openAs(page, personas.admin, '/dashboard');
  const productos = page.getByRole('navigation', { name: MAIN_NAV }).getByRole('link', { name: 'Productos' });
  await productos.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/productos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Productos' })).toBeVisible();
});

test.describe('móvil', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('el menú lateral se abre con el botón, navega y se cierra', async ({ page }) => {
    await openAs(page, personas.superadmin, '/dashboard');
    await expect(page.getByRole('navigation', { name: MAIN_NAV })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('img', { name: 'En línea' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    expect(await drawer.getByRole('navigation', { name: MAIN_NAV }).getByRole('link').allInnerTexts()).toEqual(SUPER_NAV);
    await drawer.getByRole('link', { name: 'Clientes' }).click();
    await expect(page).toHaveURL(/\/clientes$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
    // Escape closes it too.
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});
