// Screenshots of every screen of the shell, desktop and phone, light and dark: artifacts of the
// run (test-results/screenshots), to look at, never committed. Not a spec: playwright.config.ts runs
// this file only in `npm run screenshots`; what it opens is proven by auth, back-office and member specs.
import { expect, test, type Page } from '@playwright/test';
import { personas, signIn } from './support';

const DIR = process.env.SAVIA_SCREENSHOT_DIR ?? 'test-results/screenshots';
const SIZES = { escritorio: { width: 1280, height: 800 }, movil: { width: 390, height: 844 } } as const;
const THEMES = ['light', 'dark'] as const;

async function shoot(page: Page, name: string, open: (page: Page) => Promise<void>, after?: (page: Page) => Promise<void>) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    for (const theme of THEMES) {
      await page.setViewportSize(viewport);
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await open(page);
      await page.mouse.move(viewport.width / 2, viewport.height - 5);
      if (after) await after(page);
      await page.screenshot({ path: `${DIR}/${name}-${size}-${theme}.png` });
      if (after) await page.keyboard.press('Escape');
    }
  }
}

const heading = (page: Page, name: string) => expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

test('pantallas públicas', async ({ page }) => {
  await page.goto('/login');
  await shoot(page, 'login', async (p) => {
    await p.goto('/login');
    await heading(p, 'Iniciar Sesión');
  });
  await shoot(page, 'auth-error', async (p) => {
    await p.goto('/auth-error');
    await heading(p, 'Acceso No Autorizado');
  });
});

test('cuenta sin rol', async ({ page }) => {
  await signIn(page, personas.sinRol, '/login');
  await shoot(page, 'sin-rol', async (p) => {
    await p.goto('/login');
    await heading(p, 'Sin acceso');
  });
});

test('back office', async ({ page }) => {
  await signIn(page, personas.superFinance, '/dashboard');
  await shoot(page, 'back-office-dashboard', async (p) => {
    await p.goto('/dashboard');
    await heading(p, 'Dashboard');
  });
  await shoot(page, 'back-office-configuracion', async (p) => {
    await p.goto('/configuracion');
    await heading(p, 'Configuración');
  });
  await shoot(
    page,
    'back-office-menu-movil',
    async (p) => {
      await p.goto('/ventas');
      await heading(p, 'Ventas');
    },
    async (p) => {
      const button = p.getByRole('button', { name: 'Abrir menú' });
      if (await button.isVisible()) {
        await button.click();
        await expect(p.getByRole('dialog')).toBeVisible();
        await p.waitForTimeout(300);
      }
    },
  );
});

test('área de miembros', async ({ page }) => {
  await signIn(page, personas.memberInactive, '/mi-cuenta');
  await shoot(page, 'miembro-aviso-inactivo', async (p) => {
    // The reminder shows once per sign-in (use-inactive-member-toast.tsx): forget that it was shown.
    await p.evaluate((key) => localStorage.removeItem(key), 'savia.inactive-toast-shown');
    await p.goto('/mi-cuenta');
    await heading(p, 'Mi Cuenta');
    await expect(p.getByRole('button', { name: /¡Atención!/ })).toBeVisible();
    await p.waitForTimeout(500);
  });
  await shoot(
    page,
    'miembro-menus',
    async (p) => {
      await p.goto('/mi-cuenta/mi-red');
      await heading(p, 'Mi Red');
    },
    async (p) => {
      const button = p.getByRole('button', { name: 'Abrir menú' });
      // The drawer's code loads on its first click (SheetOnDemand): its slide starts once it is here.
      if (await button.isVisible()) {
        await button.click();
        await expect(p.getByRole('dialog')).toBeVisible();
      } else await p.getByRole('button', { name: /Menú de usuario/ }).click();
      await p.waitForTimeout(300);
    },
  );
});
