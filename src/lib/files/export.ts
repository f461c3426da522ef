// One entry for every «Exportar»: the same columns and pages become the CSV (for machines) or the
// Excel workbook (for people). The workbook's writer and its zip library are loaded only here, on the
// click that asks for one: no route's first load carries them (bench/route-budgets.mjs).
import { buildCsv } from './csv';
import type { ExportColumn, ExportContext, ExportFormat, FetchPage } from './table';

export interface BuiltFile {
  blob: Blob;
  /** Rows written (the header aside). */
  count: number;
}

export async function buildExport<Row, C>(
  format: ExportFormat,
  sheet: string,
  columns: readonly ExportColumn<Row>[],
  fetchPage: FetchPage<Row, C>,
  ctx: ExportContext,
): Promise<BuiltFile> {
  if (format === 'csv') return buildCsv(columns, fetchPage, ctx);
  const { buildXlsx } = await import('./xlsx');
  return buildXlsx(sheet, columns, fetchPage, ctx);
}

/** `ventas-2026-11-26.xlsx`: the file's name for its format. */
export const fileName = (base: string, format: ExportFormat) => `${base}.${format}`;
