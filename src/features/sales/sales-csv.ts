// «Exportar CSV»: exactly the filtered sales, newest first by number, fetched a thousand at a time
// by keyset (export_sales) and written through buildCsv (UTF-8 with BOM, RFC 4180, ISO dates, plain
// decimals).
import { exportSalesPage, EXPORT_PAGE, type SaleRow, type SalesFilter } from '@/api/sales-admin/sales-admin-api';
import { buildCsv, type CsvValue } from '@/lib/files/csv';
import { paymentMethodLabels, saleKindLabels } from '@/lib/data/domain';
import type { Formatters } from '@/lib/format/format';

type CsvFormats = Pick<Formatters, 'csvDecimal' | 'isoDateTime' | 'currency'>;

export const SALES_CSV_HEADER = [
  'Número',
  'Fecha',
  'Miembro',
  'Correo',
  'Tipo',
  'Estado',
  'Total',
  'Moneda',
  'Puntos',
  'Medio de pago',
  'Referencia',
  'Venta',
] as const;

export function salesCsvRow(s: SaleRow, f: CsvFormats): CsvValue[] {
  return [
    s.sale_no,
    f.isoDateTime(s.created_at),
    s.client_name,
    s.client_email,
    saleKindLabels[s.kind],
    s.status,
    f.csvDecimal(s.total),
    f.currency,
    s.points_total,
    s.payment_method ? paymentMethodLabels[s.payment_method] : null,
    s.payment_reference,
    s.id,
  ];
}

type FetchPage = (filter: SalesFilter, beforeNo: number | null) => Promise<SaleRow[]>;

/** The filtered sales page after page; the cursor is the last sale number received. */
export function salesPages(filter: SalesFilter, fetchPage: FetchPage = (fl, before) => exportSalesPage(fl, before), pageSize = EXPORT_PAGE) {
  return async (cursor: number | null) => {
    const rows = await fetchPage(filter, cursor);
    return { rows, next: rows.length === pageSize ? (rows.at(-1)?.sale_no ?? null) : null };
  };
}

export async function buildSalesCsv(filter: SalesFilter, f: CsvFormats, fetchPage?: FetchPage, pageSize?: number) {
  let count = 0;
  const blob = await buildCsv(SALES_CSV_HEADER, salesPages(filter, fetchPage, pageSize), (s) => {
    count += 1;
    return salesCsvRow(s, f);
  });
  return { blob, count };
}
