// Pagos (/pagos): the requests by state, a request's row, and the dialogs that approve, pay or
// reject it, as the specs that pay members use them.
import { expect, type Locator, type Page } from '@playwright/test';
import { toasts } from './shell';

export function payouts(page: Page) {
  const dialog = page.getByRole('alertdialog');
  return {
    dialog,
    /** The row of `name`'s request for `amount` (as the screen writes it), in whichever list is open. */
    row: (name: string, amount: string) => page.getByRole('table').getByRole('row').filter({ hasText: name }).filter({ hasText: amount }),

    /** The list of one state, from the tabs above the table. */
    async show(state: RegExp) {
      await page.getByRole('navigation', { name: 'Solicitudes por estado' }).getByRole('link', { name: state }).click();
    },

    /** Approves the request of `row` through its dialog. */
    async approve(row: Locator) {
      await row.getByRole('button', { name: 'Aprobar' }).click();
      await dialog.getByRole('button', { name: 'Aprobar' }).click();
      await expect(toasts(page).getByText('Solicitud aprobada.')).toBeVisible();
    },

    /** Marks the request of `row` paid with the bank's reference. */
    async pay(row: Locator, reference: string) {
      await row.getByRole('button', { name: 'Marcar pagado' }).click();
      await dialog.getByLabel('Referencia del pago').fill(reference);
      await dialog.getByRole('button', { name: 'Marcar pagado' }).click();
      await expect(toasts(page).getByText('Pago registrado.')).toBeVisible();
    },
  };
}
