import { expect, test, type Page } from '@playwright/test';
import { openAs, seedSession } from './session';
import { personas } from './support';

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('theme'));

/** Records the theme of the very first frame, to prove there is no flash of the other one. */
async function watchFirstFrame(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __firstFrameDark?: boolean };
    requestAnimationFrame(() => {
      w.__firstFrameDark = document.documentElement.classList.contains('dark');
    });
  });
}
const firstFrameDark = (page: Page) => page.evaluate(() => (window as unknown as { __firstFrameDark?: boolean }).__firstFrameDark);

test.describe('sin preferencia guardada sigue al sistema', () => {
  test.describe('sistema oscuro', () => {
    test.use({ colorScheme: 'dark' });
    test('oscuro desde el primer fotograma', async ({ page }) => {
      await watchFirstFrame(page);
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();
      expect(await stored(page)).toBeNull();
      expect(await isDark(page)).toBe(true);
      expect(await firstFrameDark(page)).toBe(true);
    });
  });

  test.describe('sistema claro', () => {
    test.use({ colorScheme: 'light' });
    test('claro', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();
      expect(await isDark(page)).toBe(false);
    });
  });
});

test.describe('la elección se guarda en localStorage «theme»', () => {
  test.use({ colorScheme: 'light' });

  test('persiste al recargar, sin destello, y manda sobre el sistema', async ({ page }) => {
    await watchFirstFrame(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Cambiar a tema oscuro' }).click();
    expect(await isDark(page)).toBe(true);
    expect(await stored(page)).toBe('dark');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Cambiar a tema claro' })).toBeVisible();
    expect(await firstFrameDark(page)).toBe(true);
    expect(await isDark(page)).toBe(true);

    // Light chosen on a dark system stays light.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('button', { name: 'Cambiar a tema claro' }).click();
    expect(await stored(page)).toBe('light');
    await page.reload();
    expect(await firstFrameDark(page)).toBe(false);
    expect(await isDark(page)).toBe(false);
  });

  test('el interruptor de la cabecera del back office', async ({ page }) => {
    await openAs(page, personas.admin, '/dashboard');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Cambiar a tema oscuro' }).click();
    expect(await isDark(page)).toBe(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(await isDark(page)).toBe(true);
    await expect(header.getByRole('button', { name: 'Cambiar a tema claro' })).toHaveAttribute('aria-pressed', 'true');
  });
});

// «Reduce motion» in the system's settings (index.css). The suite runs with it (playwright.config.ts);
// this proves what it changes against a system without it: a list's loading skeleton pulses on the
// clock only when motion is welcome. A table's scroll hint follows the scroll, not the clock: not counted.
test.describe('el movimiento sigue la preferencia del sistema', () => {
  /**
   * How many animations run on the clock while Ventas' rows are held back (its table showing its
   * skeleton), as the admin, in `page` with the preference given (set on the page itself, whatever
   * its context was made with); then the rows come.
   */
  async function movingWhileSalesLoad(page: Page, reducedMotion: 'reduce' | 'no-preference') {
    await page.emulateMedia({ reducedMotion });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.endsWith('/rest/v1/rpc/search_sales'),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await seedSession(page, personas.admin);
    await page.goto('/ventas');
    const table = page.getByRole('table', { name: 'Ventas' });
    await expect(table.locator('[data-slot="skeleton"]').first()).toBeVisible();
    // Counted two frames on: an animation the skeleton's rendering just started is still «running»
    // until the next frame, however short the preference made it.
    const moving = await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return document.getAnimations().filter((a) => a.timeline instanceof DocumentTimeline && a.playState === 'running').length;
    });
    release();
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    return moving;
  }

  test('sin preferencia, el esqueleto de la lista late mientras carga', async ({ browser }) => {
    // A browser context of its own: the worker's shared one keeps asking for reduced motion.
    const context = await browser.newContext();
    try {
      expect(await movingWhileSalesLoad(await context.newPage(), 'no-preference')).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  test('con «reducir movimiento» nada se mueve solo: el esqueleto queda quieto', async ({ page }) => {
    expect(await movingWhileSalesLoad(page, 'reduce')).toBe(0);
  });
});
