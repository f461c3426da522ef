// «Exportar»: exactly the filtered sales, newest first by number, fetched a thousand at a time by
// keyset (export_sales), as a CSV for machines or an Excel file for people (src/lib/files: each
// column written by its kind; text never runs as a formula).
import { exportSalesPage, EXPORT_PAGE, type SaleRow, type SalesFilter } from '@/api/sales-admin/sales-admin-api';
import { buildExport } from '@/lib/files/export';
import type { ExportColumn, ExportContext, ExportFormat } from '@/lib/files/table';
import { paymentMethodLabels, saleKindLabels } from '@/lib/data/domain';

export const SALES_COLUMNS = (currency: string): ExportColumn<SaleRow>[] => [
  { header: 'Número', kind: 'integer', value: (s) => s.sale_no },
  { header: 'Fecha', kind: 'instant', value: (s) => s.created_at },
  // The buyer: a member, or a walk-in buyer of a direct sale (no member: the name written on the sale).
  { header: 'Cliente', kind: 'text', value: (s) => s.client_name },
  { header: 'Membresía', kind: 'text', value: (s) => (s.client_id ? 'Miembro' : 'Cliente sin membresía') },
  { header: 'Correo', kind: 'text', value: (s) => s.client_email },
  { header: 'Tipo', kind: 'text', value: (s) => saleKindLabels[s.kind] },
  { header: 'Estado', kind: 'text', value: (s) => s.status },
  { header: 'Total', kind: 'money', value: (s) => s.total },
  { header: 'Moneda', kind: 'text', value: () => currency },
  { header: 'Puntos', kind: 'integer', value: (s) => s.points_total },
  { header: 'Medio de pago', kind: 'text', value: (s) => (s.payment_method ? paymentMethodLabels[s.payment_method] : null) },
  { header: 'Referencia', kind: 'text', value: (s) => s.payment_reference },
  { header: 'Venta', kind: 'text', value: (s) => s.id },
];

type FetchPage = (filter: SalesFilter, beforeNo: number | null) => Promise<SaleRow[]>;

/** The filtered sales page after page; the cursor is the last sale number received. */
export function salesPages(filter: SalesFilter, fetchPage: FetchPage = (fl, before) => exportSalesPage(fl, before), pageSize = EXPORT_PAGE) {
  return async (cursor: number | null) => {
    const rows = await fetchPage(filter, cursor);
    return { rows, next: rows.length === pageSize ? (rows.at(-1)?.sale_no ?? null) : null };
  };
}

export function buildSalesExport(format: ExportFormat, filter: SalesFilter, ctx: ExportContext, fetchPage?: FetchPage, pageSize?: number) {
  return buildExport(format, 'Ventas', SALES_COLUMNS(ctx.currency), salesPages(filter, fetchPage, pageSize), ctx);
}
