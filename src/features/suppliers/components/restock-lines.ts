// The restock form's lines as typed, and the checks the database makes, with the same limits
// (register_restock): an integer quantity from 1 to 100.000, a cost from 0 to 10.000.000 with at most
// two decimals, typed as the locale writes amounts (parseAmount: «12.500» or «2,50»). The database checks them again; its refusal names the line (DETAIL = its position).
import type { RestockLineInput } from '@/api/suppliers/suppliers-api';
import { parseMoneyInput } from '@/lib/format/parse-amount';
import { m } from '../messages';

export interface DraftLine {
  product_id: string;
  quantity: string;
  unit_cost: string;
}

export const MAX_QUANTITY = 100_000;
export const MAX_COST = 10_000_000;

/** The first thing wrong with a line and the control it is about, or null. */
export function lineIssue(line: DraftLine): { field: keyof DraftLine; message: string } | null {
  if (!line.product_id) return { field: 'product_id', message: m.needProduct };
  const quantity = Number(line.quantity.trim());
  if (!/^\d+$/.test(line.quantity.trim()) || quantity < 1 || quantity > MAX_QUANTITY) return { field: 'quantity', message: m.needQuantity };
  const cost = parseMoneyInput(line.unit_cost);
  if (cost === null || cost > MAX_COST) return { field: 'unit_cost', message: m.needCost };
  return null;
}

export function lineProblem(line: DraftLine): string | null {
  return lineIssue(line)?.message ?? null;
}

export function toInput(line: DraftLine): RestockLineInput {
  return { product_id: line.product_id, quantity: Number(line.quantity.trim()), unit_cost: parseMoneyInput(line.unit_cost) ?? Number.NaN };
}
