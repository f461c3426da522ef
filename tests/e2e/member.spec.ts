// The members' area for the demo members: where signing in lands (through Google's chooser, the
// first test's subject; the others start signed in), the routes a member may open, the sections, the
// user menu, and the reminder an inactive member gets once per browser session.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoToastAsked, expectToastLasts, MEMBER_NAV as MEMBER_NAV_NAME, pauseUntilShown, recordToastTimes } from './pages/shell';
import { expectNoFigureCut } from './overflow';
import { openAs, seedSession } from './session';
import { expectedDisplayName, MEMBER_NAV, MEMBER_PATHS, navLabels, personas, settle, settleInApp, signIn, STAFF_PATHS, SUPER_PATHS, walk } from './support';
const INACTIVE_TEXT = 'Recuerda activarte con 100 puntos este mes para no perderte las recompensas.';

const inactiveToast = (page: Page) => page.getByRole('button', { name: /¡Atención!/ });

test.describe('miembro activa', () => {
  test('entra a /mi-cuenta con sus seis secciones y su menú de usuario', async ({ page }) => {
    await signIn(page, personas.memberActive, '/mi-cuenta');
    await expect(page.getByRole('heading', { level: 1, name: 'Mi Cuenta' })).toBeVisible();
    expect(await navLabels(page, MEMBER_NAV_NAME)).toEqual(MEMBER_NAV);
    const name = await expectedDisplayName(personas.memberActive);
    await expect(page.getByRole('banner').getByTestId('header-user-name')).toHaveText(name);
    // No reminder for an active member: none was even asked for.
    await expectNoToastAsked(page);
  });

  // María has the widest network and the largest figures of the demo members: no figure of hers is
  // cut off at the laptop's or the phone's size (overflow.ts).
  test('abre sus rutas por su dirección, sin cifras cortadas', async ({ page }) => {
    await openAs(page, personas.memberActive, '/mi-cuenta');
    for (const path of MEMBER_PATHS) {
      await (path === MEMBER_PATHS[0] ? settle : settleInApp)(page, path, path);
      await expectNoFigureCut(page, path);
      if (path !== '/mi-cuenta/mi-red') continue;
      // Mi Red's other view: the first generation's people.
      await page.getByRole('tab', { name: 'Por generación' }).click();
      await expect(page.getByRole('table', { name: 'Personas de la generación 1' })).toBeVisible();
      await expectNoFigureCut(page, 'Mi Red por generación');
    }
  });

  test('el back office, la raíz y lo desconocido vuelven a /mi-cuenta', async ({ page }) => {
    await openAs(page, personas.memberActive, '/mi-cuenta');
    await walk(
      page,
      [...STAFF_PATHS, ...SUPER_PATHS, '/finanzas', '/', '/no-existe', '/mi-cuenta/no-existe', '/login'].map((path) => [path, '/mi-cuenta'] as const),
    );
  });

  test('cada sección muestra su título', async ({ page }) => {
    await openAs(page, personas.memberB, '/mi-cuenta');
    const nav = page.getByRole('navigation', { name: MEMBER_NAV_NAME });
    for (const label of [...MEMBER_NAV.slice(1), MEMBER_NAV[0] as string]) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: label, exact: true })).toBeVisible();
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
    }
  });

  test('el menú de usuario cierra la sesión y lleva a /login', async ({ page, own }) => {
    // Signing out ends every session of the person: a member of the test's own, not María.
    const member = await own.member({ name: `Sol Salida ${own.tag}`, active: true });
    await openAs(page, member.email, '/mi-cuenta');
    await page.getByRole('button', { name: /Menú de usuario/ }).click();
    await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();
    await settle(page, '/mi-cuenta', '/login');
  });
});

test.describe('miembro inactivo', () => {
  test('ve el aviso arriba a la izquierda durante 6 s, una vez por sesión aunque recargue o abra otra pestaña', async ({ page, browser }) => {
    // The toast's 6 s are counted on the page's clock (expectToastLasts), not the wall's.
    await page.clock.install();
    await recordToastTimes(page);
    await seedSession(page, personas.memberInactive);
    await page.mouse.move(1200, 780); // sonner pauses while hovered
    const toast = inactiveToast(page);
    await pauseUntilShown(page, toast, () => page.goto('/mi-cuenta'));
    await expect(page.getByRole('heading', { level: 1, name: 'Mi Cuenta' })).toBeVisible();
    await expect(toast).toContainText('¡Atención!');
    await expect(toast).toContainText(INACTIVE_TEXT);
    const box = await toast.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeLessThan(100);
    expect(box!.y).toBeLessThan(100);
    await expect(page.locator('[data-sonner-toaster][data-x-position="left"][data-y-position="top"]')).toContainText(INACTIVE_TEXT);
    await expectToastLasts(page, toast, 6_000);

    // Same browser session: neither a reload nor moving around shows it again.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Mi Cuenta' })).toBeVisible();
    await expectNoToastAsked(page);
    await page.getByRole('navigation', { name: MEMBER_NAV_NAME }).getByRole('link', { name: 'Mi Red' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mi Red' })).toBeVisible();
    await expectNoToastAsked(page);
    // Another tab of the same sign-in (a link opened apart) does not either.
    const tab = await page.context().newPage();
    await tab.goto('/mi-cuenta/mi-red');
    await expect(tab.getByRole('heading', { level: 1, name: 'Mi Red' })).toBeVisible();
    await expectNoToastAsked(tab);
    await tab.close();

    // Another sign-in (here, in another browser) does show it again.
    const other = await browser.newContext();
    const fresh = await other.newPage();
    await openAs(fresh, personas.memberInactive, '/mi-cuenta');
    await expect(inactiveToast(fresh)).toBeVisible();
    await other.close();
  });

  test('el aviso se cierra al hacer clic', async ({ page }) => {
    await openAs(page, personas.memberInactive, '/mi-cuenta');
    const toast = inactiveToast(page);
    await expect(toast).toBeVisible();
    await toast.click();
    await expect(toast).toBeHidden({ timeout: 2000 });
  });
});

test.describe('móvil', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('el botón de menú abre la navegación lateral y el menú de usuario sigue a mano', async ({ page, own }) => {
    // It ends by signing out, which ends every session of the person: a member of the test's own.
    const member = await own.member({ name: `Sol Movil ${own.tag}`, active: true });
    await openAs(page, member.email, '/mi-cuenta');
    await expect(page.getByRole('navigation', { name: MEMBER_NAV_NAME })).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const drawer = page.getByRole('dialog');
    // The drawer's code loads on this first click (SheetOnDemand): it is waited for, as a person would.
    await expect(drawer.getByRole('navigation', { name: MEMBER_NAV_NAME }).getByRole('link')).toHaveText(MEMBER_NAV);
    await drawer.getByRole('link', { name: 'Mis Pedidos' }).click();
    await expect(page).toHaveURL(/\/mi-cuenta\/mis-pedidos$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Mis Pedidos' })).toBeVisible();
    await page.getByRole('button', { name: /Menú de usuario/ }).click();
    await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
