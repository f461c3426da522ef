// Hacer un Pedido (/mi-cuenta/hacer-pedido): the catalogue's search, the cart and its lines, and the
// step to «Pago y entrega», as the specs of a member's order use them.
import { expect, type Page } from '@playwright/test';

export const ORDER = '/mi-cuenta/hacer-pedido';

interface Named {
  name: string;
}

export function placeOrder(page: Page) {
  const cart = page.getByRole('complementary', { name: 'Tu carrito' });
  return {
    cart,
    /** Searches the catalogue; the search lands in the URL. */
    async search(text: string) {
      await page.getByLabel('Buscar productos').fill(text);
      await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
    },
    async add(product: Named) {
      await page.getByRole('button', { name: `Agregar ${product.name} al carrito` }).click();
      await expect(cart.getByText(product.name)).toBeVisible();
    },
    line: (product: Named) => cart.getByRole('listitem').filter({ hasText: product.name }),
    quantity: (product: Named) => cart.getByLabel(`Cantidad de ${product.name}`),
    total: () => cart.getByTestId('cart-total'),
    async toCheckout() {
      await page.getByRole('button', { name: 'Continuar al pago' }).click();
      await expect(page.getByRole('heading', { name: 'Pago y entrega' })).toBeVisible();
    },
    confirm: () => page.getByRole('button', { name: 'Confirmar pedido' }),
  };
}
