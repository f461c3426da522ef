import type { SaleChecks } from '@/api/sales/sales-api';

/** Lines the stock cannot serve now (units short or the product withdrawn): approving would be refused. */
export function shortLines(checks: SaleChecks | undefined) {
  return (checks?.stock ?? []).filter((line) => line.short > 0 || !line.active);
}
