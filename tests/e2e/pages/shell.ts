// What every signed-in screen has around it: the navigation, the header and the toasts.
import { expect, type Locator, type Page } from '@playwright/test';

export const MAIN_NAV = 'Navegación principal';
export const MEMBER_NAV = 'Navegación de Mi Cuenta';

/** The back office's navigation, or one of its links. */
export const mainNav = (page: Page) => page.getByRole('navigation', { name: MAIN_NAV });
export const navLink = (page: Page, label: string) => mainNav(page).getByRole('link', { name: label, exact: true });

/** The toasts' host, wherever sonner puts them. */
export const toasts = (page: Page) => page.locator('[data-sonner-toaster]');

/** Waits for the toasts to leave (they sit over the header's buttons; sonner keeps a hovered one up). */
export async function toastsGone(page: Page) {
  await page.mouse.move(0, 0);
  await expect(toasts(page).locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
}

/**
 * Nothing asked for a toast since the page loaded: the Toaster (and sonner with it) mounts on the
 * first toast requested (src/lib/feedback/notify.ts), so its absence, once the screen's effects have run,
 * says that none was, and none is on its way.
 */
export async function expectNoToastAsked(page: Page) {
  await settledFrame(page);
  await expect(toasts(page)).toHaveCount(0);
}

/**
 * The page has painted and the effects that painting scheduled have run: React runs a commit's
 * effects before the next frame's work, so two frames and a task after the screen shows are enough.
 */
export async function settledFrame(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));
}

// ── toasts' lives, on the page's clock ─────────────────────────────────────────────────────────
// A toast's duration is read on the page's clock (page.clock.install() before the page loads), never
// on the wall's: a busy machine can take seconds between two steps of a test. The clock is paused
// before what shows the toast, and moved on by the test alone from then on.

/** Pages whose clock the test has paused. */
const paused = new WeakSet<Page>();

/** Records, on the page's clock, when each toast is added (call before the page loads). */
export async function recordToastTimes(page: Page) {
  await page.addInitScript(() => {
    const shown: Record<string, number> = {};
    (window as unknown as { __toastShownAt: Record<string, number> }).__toastShownAt = shown;
    new MutationObserver((records) => {
      for (const record of records) {
        record.addedNodes.forEach((node) => {
          if (!(node instanceof Element)) return;
          for (const toast of [node, ...Array.from(node.querySelectorAll('[data-sonner-toast]'))]) {
            if (toast.matches('[data-sonner-toast]')) shown[toast.textContent ?? ''] ??= Date.now();
          }
        });
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/**
 * Pauses the page's clock, does `act`, then moves the clock on in 10 ms steps until `toast` shows (the
 * page's timers keep firing, step by step): the toast's whole life is then on the paused clock,
 * whatever the machine's pace.
 */
export async function pauseUntilShown(page: Page, toast: Locator, act: () => Promise<unknown>) {
  // A moment ahead: the clock keeps running while the order to pause travels.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
  paused.add(page);
  await act();
  await expect
    .poll(
      async () => {
        await page.clock.runFor(10);
        return toast.isVisible();
      },
      { intervals: [50], timeout: 20_000 },
    )
    .toBe(true);
}

/**
 * The toast, shown after pauseUntilShown, is up for `ms` of the page's clock counted from when it was
 * added: still up 100 ms before its end, gone after it and its exit. The clock then runs again.
 */
export async function expectToastLasts(page: Page, toast: Locator, ms: number) {
  expect(paused.has(page), 'el reloj de la página está en pausa (pauseUntilShown)').toBe(true);
  await expect(toast).toBeVisible();
  const text = await toast.evaluate((el) => el.closest('[data-sonner-toast]')?.textContent ?? '');
  const [now, shownAt] = await page.evaluate(
    (t) => [Date.now(), (window as unknown as { __toastShownAt: Record<string, number> }).__toastShownAt[t]] as const,
    text,
  );
  expect(shownAt, 'la hora en que apareció el aviso').toBeDefined();
  await page.clock.runFor(ms - 100 - (now - shownAt!));
  await expect(toast).toBeVisible();
  await page.clock.runFor(500);
  await expect(toast).toBeHidden();
  await page.clock.resume();
  paused.delete(page);
}
