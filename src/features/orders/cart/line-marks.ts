// Which cart lines cannot be ordered as they are, and why: a product withdrawn from sale, sold out,
// or with fewer units than the line asks for. Read from the database's own answers: the preview's
// stock per line, and a refusal's `details` (insufficient_stock and unknown_product name the
// product ids, comma-separated), so the screen marks the line instead of guessing.
import type { OrderPreview } from '@/api/catalogue/catalogue-api';
import type { DbError } from '@/lib/data/db';
import { formatCount } from '@/lib/format/format';

export type LineMark = { kind: 'withdrawn' } | { kind: 'sold_out' } | { kind: 'short'; stock: number | null };

export type LineMarks = ReadonlyMap<string, LineMark>;

export const NO_MARKS: LineMarks = new Map();

/** The product ids a refusal names in its details («a, b» or «a,b»). */
export function idsInDetails(details: string | null | undefined): string[] {
  return (details ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s));
}

/** The lines a preview says there is not enough of. */
export function marksFromPreview(preview: Pick<OrderPreview, 'lines'> | undefined): LineMarks {
  const marks = new Map<string, LineMark>();
  for (const line of preview?.lines ?? []) {
    if (line.enough_stock) continue;
    marks.set(line.product_id, line.stock <= 0 ? { kind: 'sold_out' } : { kind: 'short', stock: line.stock });
  }
  return marks;
}

/**
 * The lines a refusal names. For stock, the preview (when it has the line) says how many are
 * left; a refusal that names no product marks nothing (its sentence is shown on its own).
 */
export function marksFromError(error: Pick<DbError, 'saviaCode' | 'details'> | null | undefined, preview?: Pick<OrderPreview, 'lines'>): LineMarks {
  const marks = new Map<string, LineMark>();
  if (!error) return marks;
  if (error.saviaCode === 'unknown_product') {
    for (const id of idsInDetails(error.details)) marks.set(id, { kind: 'withdrawn' });
  } else if (error.saviaCode === 'insufficient_stock') {
    for (const id of idsInDetails(error.details)) {
      const stock = preview?.lines.find((l) => l.product_id === id)?.stock ?? null;
      marks.set(id, stock === 0 ? { kind: 'sold_out' } : { kind: 'short', stock });
    }
  }
  return marks;
}

/** Both sources together; the first one given wins for a line both mark. */
export function mergeMarks(...sources: LineMarks[]): LineMarks {
  const marks = new Map<string, LineMark>();
  for (const source of sources) for (const [id, mark] of source) if (!marks.has(id)) marks.set(id, mark);
  return marks;
}

/** What the line says, beside the line. */
export function markMessage(mark: LineMark): string {
  switch (mark.kind) {
    case 'withdrawn':
      return 'Ya no está a la venta: quítalo del carrito para continuar.';
    case 'sold_out':
      return 'Agotado: quítalo del carrito para continuar.';
    case 'short':
      return mark.stock === null
        ? 'No hay suficientes unidades: baja la cantidad.'
        : `Solo quedan ${formatCount(mark.stock)}: baja la cantidad a ${formatCount(mark.stock)} o menos.`;
  }
}
