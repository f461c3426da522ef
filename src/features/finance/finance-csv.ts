// «Exportar CSV» of each report: the figures as the database gave them, one page (a month or twelve
// months, a month's products: small by nature), through the app's one CSV writer.
import type { FinanceMonth, FinanceProduct } from '@/api/finance/finance-api';
import { buildCsv, saveFile, type CsvValue } from '@/lib/files/csv';
import { csvDecimal } from '@/lib/format/format';
import { csvHeaders } from './messages';

function monthValues(row: FinanceMonth): CsvValue[] {
  return [
    row.month.slice(0, 7),
    csvDecimal(row.revenue),
    csvDecimal(row.cost_of_goods),
    row.units_without_cost,
    csvDecimal(row.gross_margin),
    csvDecimal(row.commissions),
    csvDecimal(row.bonuses),
    csvDecimal(row.reversals),
    csvDecimal(row.rewards_net),
    csvDecimal(row.margin_after_rewards),
    csvDecimal(row.clawbacks),
    csvDecimal(row.payouts_paid),
    csvDecimal(row.liability),
  ];
}

export async function exportMonths(rows: FinanceMonth[], filename: string) {
  saveFile(await buildCsv(csvHeaders.month, async () => ({ rows, next: null }), monthValues), filename);
}

export async function exportProducts(month: string, rows: FinanceProduct[]) {
  const blob = await buildCsv(
    csvHeaders.products,
    async () => ({ rows, next: null }),
    (p: FinanceProduct): CsvValue[] => [
      month,
      p.sku,
      p.name,
      p.units,
      csvDecimal(p.revenue),
      csvDecimal(p.cost),
      csvDecimal(p.margin),
      p.margin_rate === null ? '' : csvDecimal(p.margin_rate, 4),
      p.units_without_cost,
    ],
  );
  saveFile(blob, `finanzas-productos-${month}.csv`);
}
