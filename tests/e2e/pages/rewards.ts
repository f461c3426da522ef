// Mis Recompensas (/mi-cuenta/recompensas): the ledger's entries with their why, the balances, and
// «Solicitar retiro», as the specs of a member's money use them.
import { expect, type Page } from '@playwright/test';
import { openAs } from '../session';

export function rewards(page: Page) {
  const payoutDialog = page.getByRole('dialog', { name: 'Solicitar retiro' });
  return {
    payoutDialog,
    /** An entry of the ledger by its id. */
    entry: (id: string | number) => page.locator(`[data-entry-id="${id}"]`),

    /** Opens the screen signed in as `email` (with `query`), once its entries are there. */
    async open(email: string, query = '') {
      await openAs(page, email, `/mi-cuenta/recompensas${query}`);
      await expect(page.getByTestId('ledger-entry').first()).toBeVisible();
    },

    /** «Solicitar retiro»: its dialog, open. */
    async openPayout() {
      await page.getByRole('button', { name: 'Solicitar retiro' }).click();
      await expect(payoutDialog).toBeVisible();
      return payoutDialog;
    },

    /** Fills and sends a request (the amount as a person types it, with a decimal comma) to the account saved in Mi Cuenta. */
    async requestPayout(amount: string) {
      await payoutDialog.getByLabel('Importe').fill(amount.replace('.', ','));
      await payoutDialog.getByRole('button', { name: 'Enviar solicitud' }).click();
    },
  };
}
