import type { ReorderSummary } from '../cart/reorder-state';
import { orderMessages as m } from '../messages';
import { CartNotice } from './cart-panel';

/** What «Volver a pedir» did, at the top of the cart. */
export function ReorderNotice({ notice, onClose }: { notice: ReorderSummary; onClose: () => void }) {
  return (
    <CartNotice onClose={onClose}>
      <p className="font-medium">{m.reordered(notice.added)}</p>
      {notice.reduced.length > 0 && <p>{m.reorderReduced(notice.reduced.join(', '))}</p>}
      {notice.skipped.length > 0 && <p>{m.reorderSkipped(notice.skipped.join(', '))}</p>}
    </CartNotice>
  );
}
