// How a screen looks and reads, for every screen's spec: axe-core in light and dark (no serious or
// critical violation), and screenshots at desktop and phone sizes, light and dark, written to the
// run's artifacts (SAVIA_SCREENSHOT_DIR, default test-results/screenshots) to be opened and judged.
// Screenshots prove nothing by themselves and cost a minute and a half of every run, so they are
// taken only when SAVIA_SCREENSHOTS=1 (`npm run screenshots`); the axe checks always run.
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
const SIZES = { escritorio: { width: 1280, height: 800 }, movil: { width: 390, height: 844 } } as const;
const SCREENSHOT_DIR = process.env.SAVIA_SCREENSHOT_DIR ?? 'test-results/screenshots';
/** Whether this run takes the screenshots (`npm run screenshots` sets it). */
const screenshotsWanted = process.env.SAVIA_SCREENSHOTS === '1';

// The very axe-core build @axe-core/playwright would inject, so results are the same as its own.
const AXE_SOURCE: string = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core').source;
// Toasts are transient and stacked over whatever is open (a sheet's overlay included), where axe
// blends their colours with the layers below; their tone pairs are proven in both themes by the
// unit contrast test (tests/unit/theme-contrast.node.test.ts).
const AXE_EXCLUDE = '[data-sonner-toaster]';

/** Switches the theme as the header's toggle does (a class on <html>, kept in localStorage). */
export async function setTheme(page: Page, theme: Theme) {
  // The colours jump to the theme's values at once, as a theme switch without transitions does:
  // what axe and the screenshots read is the colour at rest, never one half way through a fade.
  await page.evaluate((t) => {
    const freeze = document.createElement('style');
    freeze.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.appendChild(freeze);
    localStorage.setItem('theme', t);
    document.documentElement.classList.toggle('dark', t === 'dark');
    document.documentElement.style.colorScheme = t;
    void getComputedStyle(document.documentElement).color; // the new colours are computed with no transition
    freeze.remove();
  }, theme);
  await atRest(page);
}

/**
 * Lets what is moving now end before reading colours: half way through a dialog's fade-in or a
 * toast's slide, an overlay or a text blends with what is below and axe reads colours no one sees at
 * rest. Animations and transitions under way are awaited (endless ones, skeletons and spinners, and
 * those a scroll drives are left alone; a slow machine gets at most 2 s), then one painted frame.
 */
async function atRest(page: Page) {
  await page.evaluate(async () => {
    // Animations driven by a scroll position (a table's scroll hint, index.css) never «finish» on the clock.
    const finite = document.getAnimations().filter((a) => a.timeline instanceof DocumentTimeline && a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 2000))]);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** An open dialog or sheet (Radix: modal, the rest of the page hidden from assistive technology and dimmed). */
const OPEN_DIALOG = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';
/** The rules whose outcome depends on the colours: all that the second theme can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe-core on the page as it is now. Injected once per document and run in place (axe.run), instead
 * of @axe-core/playwright's default of a second blank page per analysis to merge frames' partial
 * results: the same rules and results for a page without frames, in half the time. A page with
 * frames (a PDF voucher's viewer) gets @axe-core/playwright's whole run.
 *
 * Two savings, a third of the e2e stage's CPU being axe: with a dialog open, what is read is the
 * dialog (the page behind it is inert, hidden from assistive technology and dimmed, and is read as a
 * screen of its own); `coloursOnly` runs the rules that depend on the colours, for the second theme.
 */
async function axeViolations(page: Page, { coloursOnly }: { coloursOnly: boolean }): Promise<AxeResults['violations']> {
  if (page.frames().length > 1) return (await new AxeBuilder({ page }).exclude(AXE_EXCLUDE).analyze()).violations;
  const injected = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!injected) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ exclude, dialog, colourRules }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const context = document.querySelector(dialog) ? { include: [dialog], exclude: [exclude] } : { exclude: [exclude] };
      return (await axe.run(context, colourRules ? { runOnly: colourRules } : {})).violations;
    },
    { exclude: AXE_EXCLUDE, dialog: OPEN_DIALOG, colourRules: coloursOnly ? COLOUR_RULES : null },
  );
}

/** axe-core on the page as it is now, in both themes: no serious or critical violation (every rule in the first, the colours' in the second). */
export async function expectAccessible(page: Page, what: string) {
  // Colours at rest: the pointer left where the last click was may hover a row or a link below it.
  await page.mouse.move(0, 0);
  const serious = async (theme: Theme) =>
    (await axeViolations(page, { coloursOnly: theme !== THEMES[0] }))
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  for (const theme of THEMES) {
    await setTheme(page, theme);
    let found = await serious(theme);
    // At rest means it stays: a toast sliding in or a list refetched behind a dialog once started
    // moving just after the wait above and blended colours for one read on a busy machine. A real
    // violation is still there once what started moving has stopped.
    if (found.length > 0) {
      await atRest(page);
      found = await serious(theme);
    }
    expect(found, `${what}, tema ${theme === 'light' ? 'claro' : 'oscuro'}`).toEqual([]);
  }
  await setTheme(page, 'light');
}

/** Screenshots of the page as it is now at both sizes and in both themes, when this run takes
 *  them (`screenshotsWanted`). `fullPage: false` shoots what the viewport shows: a dialog over the
 *  page (a full-page shot of fixed layers stretches the overlay and the shell oddly). */
export async function shootScreen(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  if (!screenshotsWanted) return;
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
