// How a screen looks and reads, for every screen's spec: axe-core in light and dark (no serious or
// critical violation), and screenshots at desktop and phone sizes, light and dark, written to the
// run's artifacts (SAVIA_SCREENSHOT_DIR, default test-results/screenshots) to be opened and judged.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
const SIZES = { escritorio: { width: 1280, height: 800 }, movil: { width: 390, height: 844 } } as const;
const SCREENSHOT_DIR = process.env.SAVIA_SCREENSHOT_DIR ?? 'test-results/screenshots';

/** Switches the theme as the header's toggle does (a class on <html>, kept in localStorage). */
export async function setTheme(page: Page, theme: Theme) {
  await page.evaluate((t) => {
    localStorage.setItem('theme', t);
    document.documentElement.classList.toggle('dark', t === 'dark');
    document.documentElement.style.colorScheme = t;
  }, theme);
  // Let the theme's colour transitions and any dialog's fade-in end before reading colours: half
  // way, an overlay or a text blends with what is below and axe reads colours no one sees at rest.
  // Endless animations (skeletons, spinners) are left alone; a slow machine gets at most 2 s.
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
  await page.waitForTimeout(50);
}

/** axe-core on the page as it is now, in both themes: no serious or critical violation. */
export async function expectAccessible(page: Page, what: string) {
  for (const theme of THEMES) {
    await setTheme(page, theme);
    // Toasts are transient and stacked over whatever is open (a sheet's overlay included), where
    // axe blends their colours with the layers below; their tone pairs are proven in both themes
    // by the unit contrast test (tests/unit/theme-contrast.node.test.ts).
    const { violations } = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
    expect(serious, `${what}, tema ${theme === 'light' ? 'claro' : 'oscuro'}`).toEqual([]);
  }
  await setTheme(page, 'light');
}

/** Screenshots of the page as it is now at both sizes and in both themes. `fullPage: false` shoots
 *  what the viewport shows: a dialog over the page (a full-page shot of fixed layers stretches the
 *  overlay and the shell oddly). */
export async function shootScreen(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  const original = page.viewportSize();
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    for (const theme of THEMES) {
      await setTheme(page, theme);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${size}-${theme === 'light' ? 'claro' : 'oscuro'}.png`, fullPage });
    }
  }
  await setTheme(page, 'light');
  if (original) await page.setViewportSize(original);
}
