// «Exportar» of each report: the figures as the database gave them, one page (a month or twelve
// months, a month's products: small by nature), as an Excel file or a CSV (src/lib/files).
import type { FinanceMonth, FinanceProduct } from '@/api/finance/finance-api';
import { buildExport } from '@/lib/files/export';
import { onePage, type ExportColumn, type ExportContext, type ExportFormat } from '@/lib/files/table';
import { csvHeaders } from './messages';

const [mes, ...monthFigures] = csvHeaders.month;
const MONTH_FIELDS = [
  'revenue',
  'cost_of_goods',
  'units_without_cost',
  'gross_margin',
  'commissions',
  'bonuses',
  'reversals',
  'rewards_net',
  'margin_after_rewards',
  'clawbacks',
  'payouts_paid',
  'liability',
] as const satisfies readonly (keyof FinanceMonth)[];

export const MONTH_COLUMNS: ExportColumn<FinanceMonth>[] = [
  { header: mes, kind: 'month', value: (r) => r.month },
  ...MONTH_FIELDS.map((field, i): ExportColumn<FinanceMonth> => ({
    header: monthFigures[i]!,
    kind: field === 'units_without_cost' ? 'integer' : 'money',
    value: (r) => r[field],
  })),
];

export const productColumns = (month: string): ExportColumn<FinanceProduct>[] => {
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = csvHeaders.products;
  return [
    { header: h0, kind: 'month', value: () => month },
    { header: h1, kind: 'text', value: (p) => p.sku },
    { header: h2, kind: 'text', value: (p) => p.name },
    { header: h3, kind: 'integer', value: (p) => p.units },
    { header: h4, kind: 'money', value: (p) => p.revenue },
    { header: h5, kind: 'money', value: (p) => p.cost },
    { header: h6, kind: 'money', value: (p) => p.margin },
    { header: h7, kind: 'percent', value: (p) => p.margin_rate },
    { header: h8, kind: 'integer', value: (p) => p.units_without_cost },
  ];
};

export const exportMonths = (format: ExportFormat, rows: FinanceMonth[], ctx: ExportContext) =>
  buildExport(format, 'Finanzas', MONTH_COLUMNS, onePage(rows), ctx);

export const exportProducts = (format: ExportFormat, month: string, rows: FinanceProduct[], ctx: ExportContext) =>
  buildExport(format, 'Margen por producto', productColumns(month), onePage(rows), ctx);
