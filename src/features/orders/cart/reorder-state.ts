// «Volver a pedir» fills the cart and opens Hacer un Pedido; what it did (and what it could not
// add) travels in the navigation's state and is said at the top of the cart.
import { z } from 'zod/mini';
import type { SaleLineDetail } from '@/api/sales/sales-api';
import type { CartLine } from './cart-lines';

const reorderNotice = z.object({ added: z.int().check(z.minimum(0)), skipped: z.array(z.string()), reduced: z.array(z.string()) });
export type ReorderSummary = z.infer<typeof reorderNotice>;

export function reorderState(summary: ReorderSummary) {
  return { reorder: summary };
}

export function readReorderNotice(state: unknown): ReorderSummary | null {
  const parsed = z.object({ reorder: reorderNotice }).safeParse(state);
  return parsed.success ? parsed.data.reorder : null;
}

/** Which lines of an earlier order can go back in the cart (still for sale, not a kit, in stock), and how many of each. */
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
