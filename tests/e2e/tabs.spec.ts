// Several tabs of one browser share one stored session (localStorage). Staff keep many tabs of the
// back office open, and a browser restoring them loads them all at once: every load refreshes the
// token (loadSessionUser), so the tabs refresh the same refresh token at the same moment.
import { expect, test, type Page } from '@playwright/test';
import { appPath, personas } from './support';
import { openAs } from './session';

/** The refresh token stored in the tab's origin, or null (also while the tab is between documents). */
const storedRefreshToken = (tab: Page) =>
  tab
    .evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'));
      return key ? ((JSON.parse(localStorage.getItem(key)!) as { refresh_token?: string }).refresh_token ?? null) : null;
    })
    .catch(() => null);

test('dos pestañas que cargan a la vez siguen con la sesión abierta', async ({ page, context }) => {
  // Signed in once: the second tab finds the session the first one stored.
  await openAs(page, personas.admin, '/dashboard');
  const other = await context.newPage();

  // The race made certain rather than likely: the second tab's refresh, sent with the same token,
  // reaches the auth server only once the first tab has stored the token its own refresh got.
  let before: string | null = null;
  await other.route(/\/auth\/v1\/token\?grant_type=refresh_token/, async (route) => {
    await expect.poll(async () => [null, before].includes(await storedRefreshToken(page)), { timeout: 15_000 }).toBe(false);
    await route.continue();
  });

  for (const path of ['/clientes', '/aprobaciones']) {
    before = await storedRefreshToken(page);
    expect(before, 'hay una sesión guardada').toBeTruthy();
    await Promise.all([page, other].map((tab) => tab.goto(path, { waitUntil: 'commit' })));
    for (const tab of [page, other]) {
      await expect(tab.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
      expect(appPath(tab), `${path} en cada pestaña`).toBe(path);
    }
  }
  // Still signed in, in storage as on screen: a later load finds the session.
  await other.close();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(appPath(page)).toBe('/aprobaciones');
});
