import { expect, test } from '@playwright/test';
import { openAs } from './session';
import { personas } from './support';

test('peek', async ({ page }) => {
  test.setTimeout(240_000);
  for (const [name, path] of [
    ['pend', '/pagos'],
    ['apr', '/pagos?estado=aprobado'],
    ['paid', '/pagos?estado=pagado&mes=2026-10'],
    ['rej', '/pagos?estado=rechazado'],
  ] as const) {
    if (name === 'pend') await openAs(page, personas.admin, path);
    else await page.goto(path);
    await expect(page.getByRole('heading', { level: 2 })).toBeVisible({ timeout: 60_000 });
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `/tmp/peek-${name}.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `/tmp/peek-${name}-m.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
});
