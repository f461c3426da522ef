import { expect, test } from '@playwright/test';
import { expectAccessible, shootScreen } from './look';
import { settledFrame } from './pages/shell';
import { openAs, seedSession } from './session';
import { personas, settle, signIn, signInWithTypedEmail, walk } from './support';

// public.before_user_created_hook's refusal (supabase/migrations/20250701020000_identity.sql).
const HOOK_REFUSAL = 'Este correo de Google no está registrado. Inicia sesión con el correo que usaste al enrolarte.';

test.describe('sin sesión', () => {
  test('las rutas protegidas y las desconocidas llevan a /login', async ({ page }) => {
    await walk(
      page,
      ['/', '/dashboard', '/finanzas', '/configuracion', '/mi-cuenta', '/mi-cuenta/mi-red', '/no-existe', '/mi-cuenta/no-existe'].map(
        (path) => [path, '/login'] as const,
      ),
    );
    await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();
  });

  test('una ruta protegida avisa de que no hay usuario antes de redirigir', async ({ page }) => {
    // The message lives for one commit before the redirect, often less than a frame, so a poll can miss it
    // on a busy machine: an observer records every node React adds, even one removed in the same task.
    await page.addInitScript((message) => {
      const seen = window as unknown as { sawNoUser?: boolean };
      new MutationObserver((records) => {
        for (const record of records) {
          record.addedNodes.forEach((node) => {
            if (node.textContent?.includes(message)) seen.sawNoUser = true;
          });
        }
      }).observe(document, { childList: true, subtree: true });
    }, 'No se pudo autenticar al usuario. Redirigiendo...');
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => (window as unknown as { sawNoUser?: boolean }).sawNoUser)).toBe(true);
  });

  test('una pestaña abierta en /login sigue a quien entra en otra, en vez de ofrecer un segundo inicio de sesión', async ({ page, context }) => {
    // On a shared computer, a second person signing in from this tab would replace the first one's
    // session under their open tabs: it shows the first person's app instead, as every other tab does.
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();
    const other = await context.newPage();
    await signIn(other, personas.memberActive, '/mi-cuenta');
    await expect(page).toHaveURL(/\/mi-cuenta$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Mi Cuenta' })).toBeVisible();
    await other.close();
  });
});

test.describe('correo no registrado', () => {
  test('termina en /auth-error con el texto y el botón de vuelta', async ({ page }) => {
    await signInWithTypedEmail(page, personas.unregistered);
    await expect(page).toHaveURL(/\/auth-error$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Acceso No Autorizado' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText('no está registrado');
    await expect(main).toContainText('correo electrónico que usaste al momento de tu inscripción');
    await expect(main).toContainText('contacta a un representante de la empresa');
    await page.getByRole('link', { name: 'Volver al Inicio de Sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();
  });

  test('el rechazo del hook se reconoce en cualquier ruta, en la consulta o en el fragmento', async ({ page }) => {
    // GoTrue passes the before_user_created hook's message on as error_description.
    const refusal = new URLSearchParams({ error: 'access_denied', error_description: HOOK_REFUSAL });
    await settle(page, `/ventas?${refusal}`, '/auth-error');
    await settle(page, `/login#${refusal}&sb=`, '/auth-error');
    await expect(page.getByRole('heading', { name: 'Acceso No Autorizado' })).toBeVisible();
  });
});

test.describe('inicio de sesión con Google que no se completó', () => {
  // access_denied is also Cancel in Google's chooser, or a banned account: the person may well be
  // registered, so /login says only that the sign-in did not complete.
  test('otro access_denied vuelve a /login con un mensaje neutro', async ({ page }) => {
    await settle(page, '/login?error=access_denied&error_description=The+user+denied+access#error=access_denied&sb=', '/login');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('No se completó el inicio de sesión con Google. Inténtalo de nuevo.');
    await expect(page.getByRole('main')).not.toContainText('no está registrado');
    await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeEnabled();
    await expect(page, 'el error sale de la dirección').toHaveURL(/\/login$/);
    await expectAccessible(page, 'inicio de sesión que no se completó');
    await shootScreen(page, 'login-no-completado');
  });
});

test.describe('cuenta sin rol', () => {
  test('queda en una página sin acceso, sin bucles, y puede cerrar sesión', async ({ page }) => {
    // The page's clock runs as usual; a second of it is then jumped over at once (every timer due
    // in it fires) and the page left to paint: a redirect, by a timer or by a render, would show.
    await page.clock.install();
    await signIn(page, personas.sinRol, '/login');
    await expect(page.getByRole('heading', { name: 'Sin acceso' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(personas.sinRol);
    await page.clock.runFor(1000);
    await settledFrame(page);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sin acceso' })).toBeVisible();
    for (const path of ['/', '/dashboard', '/configuracion', '/finanzas', '/mi-cuenta', '/mi-cuenta/recompensas', '/no-existe']) {
      await settle(page, path, '/login');
      await expect(page.getByRole('heading', { name: 'Sin acceso' })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();
    await settle(page, '/dashboard', '/login');
    await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();
  });
});

test.describe('carga de la sesión', () => {
  test('muestra «Cargando...» mientras se resuelve la configuración y la sesión', async ({ page }) => {
    // Held, never altered: the real answer goes on once the spinner has been seen. (A fixed delay
    // raced the page's load event on a busy machine: the spinner could come and go before the check.)
    let answer!: () => void;
    const spinnerSeen = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/rest/v1/metadata*', async (route) => {
      await spinnerSeen;
      await route.continue();
    });
    // The login page waits for neither (its card shows at once); a signed-in screen waits for both.
    await seedSession(page, personas.admin);
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect(page.getByRole('status').filter({ hasText: 'Cargando...' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toHaveCount(0);
    answer();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('si fallan los datos del usuario: se registra el error, se cierra la sesión y vuelve a /login', async ({ page }) => {
    // What the app logs: its sentence and the error it caught, as the database gave it.
    const errors: { text: string; code?: string }[] = [];
    page.on('console', async (msg) => {
      if (msg.type() !== 'error') return;
      const caught = (await msg
        .args()[1]
        ?.jsonValue()
        .catch(() => undefined)) as { code?: string } | undefined;
      errors.push({ text: msg.text(), code: caught?.code });
    });
    // The database refuses this page's read of users_roles as it refuses anyone without the grant:
    // the request goes to the real API without the person's token, so PostgREST runs it as anon,
    // who is granted nothing on users_roles (42501). Only this request: no other test loses a grant.
    await page.route(/\/rest\/v1\/users_roles\b/, (route) => {
      const { authorization: _withoutToken, ...headers } = route.request().headers();
      return route.continue({ headers });
    });
    await openAs(page, personas.admin, '/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();
    await expect.poll(() => errors.find((e) => e.text.startsWith('Error al obtener datos de usuario:'))?.code).toBe('42501');
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('auth-token')));
    expect(stored).toEqual([]);
    await settle(page, '/dashboard', '/login');
  });
});
