// «Exportar CSV» of the ledger: exactly the filtered entries, fetched page by page through the same
// keyset as the screen, with ISO dates, plain decimals and each entry's why.
import { fetchLedgerPage, type LedgerCursor, type LedgerEntry, type LedgerParams } from '@/api/rewards/rewards-api';
import { buildCsv, type CsvValue } from '@/lib/files/csv';
import type { Formatters } from '@/lib/format/format';
import { ledgerWhy, reversalNote, type WhyContext } from '@/components/ledger/ledger-why';

/** The database's largest page (get_ledger takes up to 500). */
export const CSV_PAGE_SIZE = 500;

export const LEDGER_CSV_HEADER = [
  'fecha',
  'mes',
  'tipo',
  'estado',
  'importe',
  'puntos',
  'venta',
  'origen',
  'generacion',
  'base',
  'tasa',
  'nivel',
  'plan',
  'porque',
  'nota',
] as const;

/** The why's context with the formatters a CSV needs besides. */
export interface CsvContext extends WhyContext {
  fmt: WhyContext['fmt'] & Pick<Formatters, 'isoDateTime' | 'csvDecimal'>;
}

export function ledgerCsvValues(e: LedgerEntry, ctx: CsvContext): CsvValue[] {
  return [
    ctx.fmt.isoDateTime(e.created_at),
    e.period_month.slice(0, 7),
    e.type_label,
    e.state,
    ctx.fmt.csvDecimal(e.amount),
    e.points,
    e.sale_no,
    e.source_client_name,
    e.generation,
    e.base === null ? null : ctx.fmt.csvDecimal(e.base),
    e.rate === null ? null : ctx.fmt.csvDecimal(e.rate, 4),
    e.star_level,
    e.plan_version,
    ledgerWhy(e, ctx),
    reversalNote(e, ctx),
  ];
}

export function ledgerCsv(params: Omit<LedgerParams, 'pageSize'>, ctx: CsvContext): Promise<Blob> {
  const signal = new AbortController().signal;
  return buildCsv(
    LEDGER_CSV_HEADER,
    async (cursor: LedgerCursor | null) => {
      const page = await fetchLedgerPage({ ...params, pageSize: CSV_PAGE_SIZE }, cursor, signal);
      return { rows: page.entries, next: page.next };
    },
    (e) => ledgerCsvValues(e, ctx),
  );
}

/** `mis-recompensas.csv`, or with the filters it holds: `mis-recompensas-2026-10-bonus_volume.csv`. */
export function ledgerCsvName(month: string | undefined, type: string | undefined): string {
  return `mis-recompensas${month ? `-${month}` : ''}${type ? `-${type}` : ''}.csv`;
}
