// «Exportar» of a closed month: every row its close wrote (who lost what and why, who earned a volume
// bonus, who rose a level), read from the database a few thousand at a time, as an Excel file for
// people or a CSV for machines (src/lib/files: each column written by its kind).
import { CLOSED_MONTH_EXPORT_PAGE, fetchClosedMonthRows, type ClosedMonthRow } from '@/api/periods/periods-api';
import { buildExport } from '@/lib/files/export';
import type { ExportColumn, ExportContext, ExportFormat } from '@/lib/files/table';
import { m } from './messages';

export const CLOSED_MONTH_COLUMNS = (currency: string): ExportColumn<ClosedMonthRow>[] => [
  { header: 'Mes', kind: 'month', value: () => null },
  { header: 'Qué', kind: 'text', value: (r) => m.actions[r.action] },
  { header: 'Miembro', kind: 'text', value: (r) => r.client_name },
  { header: 'Número de miembro', kind: 'integer', value: (r) => r.member_no },
  { header: 'Importe', kind: 'money', value: (r) => r.amount },
  { header: 'Moneda', kind: 'text', value: (r) => (r.amount === null ? null : currency) },
  { header: 'Nivel antes', kind: 'integer', value: (r) => r.level_from },
  { header: 'Nivel después', kind: 'integer', value: (r) => r.level_to },
  { header: 'Motivo', kind: 'text', value: (r) => r.detail },
];

type FetchPage = typeof fetchClosedMonthRows;

export function buildClosedMonthExport(
  format: ExportFormat,
  month: string,
  ctx: ExportContext,
  fetchPage: FetchPage = fetchClosedMonthRows,
  pageSize = CLOSED_MONTH_EXPORT_PAGE,
) {
  const columns = CLOSED_MONTH_COLUMNS(ctx.currency).map((c) => (c.header === 'Mes' ? { ...c, value: () => month } : c));
  return buildExport(
    format,
    m.rowsTitle,
    columns,
    async (cursor: number | null) => {
      const page = cursor ?? 1;
      const { rows, total } = await fetchPage({ month, page, pageSize });
      return { rows, next: page * pageSize < total ? page + 1 : null };
    },
    ctx,
  );
}
