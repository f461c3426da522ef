// The end-to-end tests' `test`: Playwright's, with what every spec needs at hand.
// - `own`: the test's own rows (tests/e2e/own.ts), put away when it ends.
// - `permissionsReset`: what a test granted the worker's shared browser context is taken back when it ends.
// - `people`: other people at their own devices, each signed in through the fast chooser flow in a
//   browser context of their own (a context's tabs share one stored session), closed when it ends.
import { test as base, type Page } from '@playwright/test';
import { Own } from './own';
import { openAs } from './session';

export interface People {
  /** A new browser of `email`'s, open at `path` and signed in. */
  open(email: string, path: string): Promise<Page>;
}

export const test = base.extend<{ own: Own; people: People; permissionsReset: void }>({
  // The worker's context is reused between tests (playwright.config.ts, reuseContext), and Playwright's
  // reset leaves what a test granted: a permission granted here (the clipboard's) ends with the test.
  permissionsReset: [
    async ({ context }, provide) => {
      await provide();
      await context.clearPermissions();
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
  own: async ({}, provide) => {
    const own = new Own();
    await provide(own);
    await own.cleanUp();
  },
  people: async ({ browser }, provide) => {
    const contexts: Awaited<ReturnType<typeof browser.newContext>>[] = [];
    await provide({
      async open(email, path) {
        const context = await browser.newContext();
        contexts.push(context);
        const page = await context.newPage();
        await openAs(page, email, path);
        return page;
      },
    });
    for (const context of contexts) await context.close();
  },
});

export { expect } from '@playwright/test';
