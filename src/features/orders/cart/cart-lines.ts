// The cart as data: which products and how many, nothing about money (prices, totals and points
// come from the database's preview_order). Pure functions, so the store and the screens agree.
import { z } from 'zod/mini';
import type { OrderItem } from '@/lib/data/domain';

/** The database takes 1..10.000 units per line (private.parse_items). */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 10_000;

export interface CartLine {
  product_id: string;
  quantity: number;
  /** The name when it was added: shown while the preview loads, or when the product is gone. */
  name: string;
}

const storedLine = z.object({
  product_id: z.guid(),
  quantity: z.int().check(z.minimum(MIN_QUANTITY), z.maximum(MAX_QUANTITY)),
  name: z.string().check(z.maxLength(200)),
});

/** A stored cart, keeping only the lines that are still well formed (an old or edited value never crashes). */
export function parseStoredCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const lines: CartLine[] = [];
  for (const item of data) {
    const line = storedLine.safeParse(item);
    if (line.success && !lines.some((l) => l.product_id === line.data.product_id)) lines.push(line.data);
  }
  return lines;
}

const clamp = (n: number) => Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(n)));

/** Adds units of a product (a new line at the end, or more of an existing one), at most 10.000. */
export function addLine(lines: readonly CartLine[], product: { id: string; name: string }, quantity = 1): CartLine[] {
  const existing = lines.find((l) => l.product_id === product.id);
  if (existing) return lines.map((l) => (l === existing ? { ...l, name: product.name, quantity: clamp(l.quantity + quantity) } : l));
  return [...lines, { product_id: product.id, name: product.name, quantity: clamp(quantity) }];
}

/** Sets a line's quantity; a value outside 1..10.000 is refused by the screen before it gets here. */
export function setLineQuantity(lines: readonly CartLine[], productId: string, quantity: number): CartLine[] {
  return lines.map((l) => (l.product_id === productId ? { ...l, quantity: clamp(quantity) } : l));
}

export function removeLine(lines: readonly CartLine[], productId: string): CartLine[] {
  return lines.filter((l) => l.product_id !== productId);
}

/** Lines put in at once («Volver a pedir»): each replaces the cart's line of that product. */
export function putLines(lines: readonly CartLine[], incoming: readonly CartLine[]): CartLine[] {
  let next = [...lines];
  for (const line of incoming) {
    const quantity = clamp(line.quantity);
    next = next.some((l) => l.product_id === line.product_id)
      ? next.map((l) => (l.product_id === line.product_id ? { ...line, quantity } : l))
      : [...next, { ...line, quantity }];
  }
  return next;
}

/** What place_order and preview_order take. */
export function orderItems(lines: readonly CartLine[]): OrderItem[] {
  return lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity }));
}

export const quantityMessages = {
  notWhole: 'Escribe un número entero de unidades.',
  tooFew: 'La cantidad mínima es 1. Para sacarlo del carrito usa «Quitar».',
  tooMany: 'La cantidad máxima por producto es 10.000.',
} as const;

/** What a typed quantity becomes: a valid number, or the sentence that says what is wrong. */
export function parseQuantity(text: string): { ok: true; quantity: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return { ok: false, message: quantityMessages.notWhole };
  const n = Number(trimmed);
  if (n < MIN_QUANTITY) return { ok: false, message: quantityMessages.tooFew };
  if (n > MAX_QUANTITY) return { ok: false, message: quantityMessages.tooMany };
  return { ok: true, quantity: n };
}
