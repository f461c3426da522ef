// «Volver a pedir»: the same products in the cart (those still for sale, at most what there is of
// each), then Hacer un Pedido, which says what was added and what not.
import { useNavigate } from 'react-router';
import type { SaleLineDetail } from '@/api/sales/sales-api';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import type { CartLine } from '../cart/cart-lines';
import { useCart } from '../cart/cart-store';
import { reorderState, type ReorderSummary } from '../cart/reorder-state';
import { orderMessages as m } from '../messages';

/** Which lines can go back in the cart, and how many of each. */
export function reorderPlan(lines: readonly SaleLineDetail[]): { lines: CartLine[]; summary: ReorderSummary } {
  const next: CartLine[] = [];
  const skipped: string[] = [];
  const reduced: string[] = [];
  for (const line of lines) {
    if (!line.is_active || line.is_kit || line.stock <= 0) {
      skipped.push(line.name);
      continue;
    }
    const quantity = Math.min(line.quantity, line.stock);
    if (quantity < line.quantity) reduced.push(line.name);
    next.push({ product_id: line.product_id, name: line.name, quantity });
  }
  return { lines: next, summary: { added: next.length, skipped, reduced } };
}

export function useReorder(clientId: string) {
  const cart = useCart(clientId);
  const navigate = useNavigate();
  return (lines: readonly SaleLineDetail[]) => {
    const plan = reorderPlan(lines);
    if (plan.lines.length === 0) {
      notify.message(m.nothingToReorder);
      return;
    }
    cart.put(plan.lines);
    void navigate(paths.placeOrder, { state: reorderState(plan.summary) });
  };
}
