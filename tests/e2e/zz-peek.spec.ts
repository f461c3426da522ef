import { test } from '@playwright/test';
import { openAs } from './session';
test('peek', async ({ page }) => {
  const email = process.env.PEEK_EMAIL ?? 'maria.activa@savia.test';
  await openAs(page, email, process.env.PEEK_PATH ?? '/mi-cuenta');
  await page.waitForTimeout(2500);
  if (process.env.PEEK_DARK) await page.evaluate(() => document.documentElement.classList.add('dark'));
  await page.screenshot({ path: '/tmp/shots/peek-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(500);
  for (let i = 0; i < Number(process.env.PEEK_PAGES ?? 3); i++) {
    await page.evaluate((y) => window.scrollTo(0, y), i * 800);
    await page.waitForTimeout(200);
    await page.screenshot({ path: `/tmp/shots/peek-mobile-${i}.png` });
  }
});
