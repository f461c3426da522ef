import { expect, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { stackConfig } from '../../scripts/lib/config.mjs';

export const cfg = stackConfig(process.env.SAVIA_PROFILE ?? 'test');

export const personas = {
  superFinance: 'sofia.finanzas@savia.test',
  superadmin: 'diego.super@savia.test',
  admin: 'laura.admin@savia.test',
  sinRol: 'pedro.sinrol@savia.test',
  memberActive: 'maria.activa@savia.test',
  memberInactive: 'carlos.inactivo@savia.test',
  memberB: 'lucia.b@savia.test',
  unregistered: 'desconocido@gmail.com',
} as const;

export const BASE_NAV = ['Dashboard', 'Productos', 'Clientes', 'Ventas', 'Aprobaciones', 'Pagos'];
export const SUPER_NAV = [...BASE_NAV, 'Usuarios', 'Proveedores', 'Análisis de Salud', 'Configuración'];
export const MEMBER_NAV = ['Mi Cuenta', 'Hacer un Pedido', 'Mis Pedidos', 'Enrolar Miembro', 'Mi Red', 'Mis Recompensas'];

export const STAFF_PATHS = ['/dashboard', '/productos', '/clientes', '/ventas', '/aprobaciones', '/pagos', '/recetario'];
export const SUPER_PATHS = ['/gestion-usuarios', '/proveedores', '/analizador-salud', '/configuracion'];
export const MEMBER_PATHS = [
  '/mi-cuenta',
  '/mi-cuenta/hacer-pedido',
  '/mi-cuenta/mis-pedidos',
  '/mi-cuenta/enrolar',
  '/mi-cuenta/mi-red',
  '/mi-cuenta/recompensas',
];

export const appPath = (page: Page) => new URL(page.url()).pathname;

/** Opens the chooser from /login, as a person would. */
async function openChooser(page: Page) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continuar con Google' }).click();
  await expect(page.getByLabel('Correo electrónico')).toBeVisible();
}

/** Signs in through the auth emulator's Google chooser and waits until the app has settled. */
export async function signIn(page: Page, email: string, expectedPath: string | RegExp) {
  await openChooser(page);
  await page.getByRole('button', { name: email }).click();
  await expect(page).toHaveURL(typeof expectedPath === 'string' ? new RegExp(`${escape(expectedPath)}$`) : expectedPath, { timeout: 20_000 });
}

/** Types an e-mail the chooser does not list. */
export async function signInWithTypedEmail(page: Page, email: string) {
  await openChooser(page);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Visits a path with a full load and returns where the app finally settles. */
export async function settle(page: Page, path: string, expected: string) {
  // The document's arrival is enough: the assertions below wait for the app to decide, and waiting
  // for every image and font of the load event only slows a walk through twenty routes.
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page, `${path} debería llevar a ${expected}`).toHaveURL(new RegExp(`^[^?#]*${escape(expected)}(\\?.*)?$`));
  // Every route shows a spinner until the session is known, then redirects (a <Navigate> renders
  // nothing) or renders its screen: with a screen's title up, the guards have decided, and a second
  // look makes sure they did not send it elsewhere.
  await expect(page.getByRole('heading', { level: 1 }).first(), `${expected} muestra su pantalla`).toBeVisible();
  expect(appPath(page)).toBe(expected);
}

/**
 * Opens a path inside the running app, as the browser's back and forward buttons do (React Router
 * hears `popstate` and routes it): the same route table and guards decide as on a full load, without
 * loading and starting the app again, which costs the browser about a second of CPU per route on the
 * test host (bench/README.md). A walk through many routes opens its first one with `settle` and the
 * rest with this.
 */
export async function settleInApp(page: Page, path: string, expected: string) {
  await page.evaluate((to) => {
    // The titles on screen now are marked, so the wait below is for the title of the screen that follows.
    for (const title of document.querySelectorAll('h1')) title.dataset.e2eLeft = '';
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page, `${path} debería llevar a ${expected}`).toHaveURL(new RegExp(`^[^?#]*${escape(expected)}(\\?.*)?$`));
  await expect(page.locator('h1:not([data-e2e-left])').first(), `${expected} muestra su pantalla`).toBeVisible();
  expect(appPath(page)).toBe(expected);
}

/** Routes in a row: the first opened by its address (a full load, `settle`), the rest inside the app (`settleInApp`). */
export async function walk(page: Page, stops: ReadonlyArray<readonly [path: string, expected: string]>) {
  for (const [index, [path, expected]] of stops.entries()) await (index === 0 ? settle : settleInApp)(page, path, expected);
}

export async function navLabels(page: Page, name: string) {
  const nav = page.getByRole('navigation', { name });
  await expect(nav).toBeVisible();
  return nav.getByRole('link').allInnerTexts();
}

export async function withDb<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: cfg.dbUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * The plan's what-if and the close preview are computed by the database's job runner, which pg_cron starts
 * every minute: the test asks it to look at the queue now (as pg_cron would: postgres, outside any
 * request; if one of pg_cron's runners is at it already, that one answers), again
 * until `result` shows.
 */
export async function awaitSimulation(result: Locator): Promise<void> {
  await expect(async () => {
    await withDb((db) => db.query('call private.run_jobs(0)'));
    await expect(result).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

/** The first name the header should show: the member's enrolled name, else Google's, else the e-mail. */
export async function expectedDisplayName(email: string): Promise<string> {
  const { rows } = await withDb((db) =>
    db.query<{ client_name: string | null; full_name: string | null }>(
      `select (select c.name from public.clients c where c.auth_uid = u.id limit 1) as client_name,
              u.raw_user_meta_data->>'full_name' as full_name
         from auth.users u where lower(u.email) = lower($1)`,
      [email],
    ),
  );
  const name = rows[0]?.client_name?.trim() || rows[0]?.full_name?.trim();
  return name ? (name.split(/\s+/)[0] ?? email) : email;
}
