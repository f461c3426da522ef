// «Volver a pedir» fills the cart and opens Hacer un Pedido; what it did (and what it could not
// add) travels in the navigation's state and is said at the top of the cart.
import { z } from 'zod';

const reorderNotice = z.object({ added: z.number().int().min(0), skipped: z.array(z.string()), reduced: z.array(z.string()) });
export type ReorderSummary = z.infer<typeof reorderNotice>;

export function reorderState(summary: ReorderSummary) {
  return { reorder: summary };
}

export function readReorderNotice(state: unknown): ReorderSummary | null {
  const parsed = z.object({ reorder: reorderNotice }).safeParse(state);
  return parsed.success ? parsed.data.reorder : null;
}
