import { expect, test } from '@playwright/test';
import { openAs } from './session';
import { personas } from './support';
import { pngImage } from './files';
const sizes = { d: { width: 1280, height: 800 }, m: { width: 390, height: 844 } };
const shots: [string, string, string, string?][] = [
  ['productos', personas.superFinance, '/productos'],
  ['ventas', personas.superFinance, '/ventas'],
  ['finanzas', personas.superFinance, '/finanzas'],
  ['mired', personas.memberActive, '/mi-cuenta/mi-red'],
  ['mired-gen', personas.memberActive, '/mi-cuenta/mi-red?vista=tabla'],
];
for (const [name, who, path] of shots) {
  test(name, async ({ page }) => {
    await openAs(page, who, path);
    for (const [s, vp] of Object.entries(sizes)) {
      for (const theme of ['light', 'dark']) {
        await page.setViewportSize(vp);
        await page.evaluate((t) => { localStorage.setItem('theme', t); document.documentElement.classList.toggle('dark', t === 'dark'); }, theme);
        await expect(page.locator('[data-slot="skeleton"]:visible, [aria-busy="true"]')).toHaveCount(0);
        await page.screenshot({ path: `/tmp/shots-overflow/${name}-${s}-${theme}.png`, fullPage: name === 'finanzas' || name === 'mired' });
      }
    }
  });
}

test('enrolar', async ({ page }) => {
  await openAs(page, personas.memberActive, '/mi-cuenta/enrolar');
  await page.getByLabel('Comprobante de pago (opcional)').setInputFiles({ name: 'voucher-transferencia-bancolombia-20261127-093412.png', mimeType: 'image/png', buffer: pngImage() });
  for (const [s, vp] of Object.entries(sizes)) {
    for (const theme of ['light', 'dark']) {
      await page.setViewportSize(vp);
      await page.evaluate((t) => { localStorage.setItem('theme', t); document.documentElement.classList.toggle('dark', t === 'dark'); }, theme);
      const picker = page.getByRole('button', { name: /^Quitar voucher/ });
      await picker.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/shots-overflow/enrolar-${s}-${theme}.png` });
    }
  }
});
