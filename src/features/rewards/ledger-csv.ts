// «Exportar» of the ledger: exactly the filtered entries, fetched page by page through the same
// keyset as the screen, with each entry's why, as an Excel file or a CSV (src/lib/files: amounts and
// rates are numbers, dates are dates, and no text runs as a formula).
import { fetchLedgerPage, type LedgerCursor, type LedgerEntry, type LedgerParams } from '@/api/rewards/rewards-api';
import { ledgerWhy, reversalNote, type WhyContext } from '@/components/ledger/ledger-why';
import { buildExport } from '@/lib/files/export';
import type { ExportColumn, ExportFormat } from '@/lib/files/table';

/** The database's largest page (get_ledger takes up to 500). */
export const CSV_PAGE_SIZE = 500;

export const ledgerColumns = (ctx: WhyContext): ExportColumn<LedgerEntry>[] => [
  { header: 'fecha', kind: 'instant', value: (e) => e.created_at },
  { header: 'mes', kind: 'month', value: (e) => e.period_month },
  { header: 'tipo', kind: 'text', value: (e) => e.type_label },
  { header: 'estado', kind: 'text', value: (e) => e.state },
  { header: 'importe', kind: 'money', value: (e) => e.amount },
  { header: 'puntos', kind: 'integer', value: (e) => e.points },
  { header: 'venta', kind: 'integer', value: (e) => e.sale_no },
  { header: 'origen', kind: 'text', value: (e) => e.source_client_name },
  { header: 'generacion', kind: 'integer', value: (e) => e.generation },
  { header: 'base', kind: 'money', value: (e) => e.base },
  { header: 'tasa', kind: 'percent', value: (e) => e.rate },
  { header: 'nivel', kind: 'integer', value: (e) => e.star_level },
  { header: 'plan', kind: 'integer', value: (e) => e.plan_version },
  { header: 'porque', kind: 'text', value: (e) => ledgerWhy(e, ctx) },
  { header: 'nota', kind: 'text', value: (e) => reversalNote(e, ctx) },
];

export function ledgerExport(format: ExportFormat, params: Omit<LedgerParams, 'pageSize'>, ctx: WhyContext & { fmt: { timeZone: string; currency: string } }) {
  const signal = new AbortController().signal;
  return buildExport(
    format,
    'Mis recompensas',
    ledgerColumns(ctx),
    async (cursor: LedgerCursor | null) => {
      const page = await fetchLedgerPage({ ...params, pageSize: CSV_PAGE_SIZE }, cursor, signal);
      return { rows: page.entries, next: page.next };
    },
    ctx.fmt,
  );
}

/** `mis-recompensas`, or with the filters it holds: `mis-recompensas-2026-10-bonus_volume`. */
export function ledgerFileBase(month: string | undefined, type: string | undefined): string {
  return `mis-recompensas${month ? `-${month}` : ''}${type ? `-${type}` : ''}`;
}
