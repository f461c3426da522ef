// «Volver a pedir»: the same products in the cart (those still for sale, at most what there is of
// each), then Hacer un Pedido, which says what was added and what not.
import { useNavigate } from 'react-router';
import type { SaleLineDetail } from '@/api/sales/sales-api';
import { paths } from '@/config/paths';
import { notify } from '@/lib/feedback/notify';
import { useCart } from '../cart/cart-store';
import { reorderPlan, reorderState } from '../cart/reorder-state';
import { orderMessages as m } from '../messages';

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
