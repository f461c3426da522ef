// What a screen needs to declare a DataTable's columns. Sorting and paging happen on the server,
// so the table registers only their state (no client row models).
import { createColumnHelper, rowPaginationFeature, rowSortingFeature, tableFeatures, type ColumnDef, type RowData } from '@tanstack/react-table';

export interface DataTableColumnMeta {
  /** Hidden below 640 px: a phone keeps only the key columns. */
  hideOnMobile?: boolean;
  /** Numbers and money align to the end. */
  align?: 'start' | 'end';
  /** The shape of the cell's skeleton while the first page loads. */
  skeleton?: 'text' | 'short' | 'badge' | 'number';
  /**
   * The row's name: it stays at the left edge while a table wider than its box scrolls (by default the
   * first column). Not in phone cards, which do not scroll.
   */
  sticky?: boolean;
  /** The column's name when its header is not plain text (for the sort button). */
  label?: string;
  className?: string;
}

export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnMeta: {} as DataTableColumnMeta,
});

export type DataTableFeatures = typeof dataTableFeatures;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of one table hold values of different types
export type DataTableColumn<TData extends RowData> = ColumnDef<DataTableFeatures, TData, any>;

/**
 * The typed helper for a screen's columns (declare them at module scope, so they stay stable):
 *   const col = dataTableColumns<SaleRow>();
 *   const columns = col.columns([
 *     col.accessor('sale_no', { header: 'N.º', enableSorting: true }),
 *     col.accessor('total', { header: 'Total', meta: { align: 'end' }, cell: (c) => <Money value={c.getValue()} /> }),
 *   ]);
 * Columns sort only when they say `enableSorting: true` and their id is a sort key of the URL schema.
 */
export const dataTableColumns = <TData extends RowData>() => createColumnHelper<DataTableFeatures, TData>();

/**
 * The row's name column: the one flagged `sticky`, else the first. DataTable keeps it at the left edge;
 * «Columnas» (useColumnChoice) never offers to hide it.
 */
export function nameColumnOf<C>(columns: readonly C[], metaOf: (column: C) => DataTableColumnMeta | undefined): C | undefined {
  return columns.find((c) => metaOf(c)?.sticky) ?? columns[0];
}

/** A column's name for people: its `label`, else its header when that is plain text. */
export function columnLabel(def: { header?: unknown; meta?: DataTableColumnMeta }): string | undefined {
  return def.meta?.label ?? (typeof def.header === 'string' ? def.header : undefined);
}

import type { Page } from '@/lib/data/db';

export type { Page };

/** What DataTable reads from a list query (a UseQueryResult with placeholderData: keepPreviousData). */
export interface DataTableQuery<T> {
  data: Page<T> | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isPlaceholderData: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}
