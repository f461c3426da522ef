// A server-side list: TanStack Table with manual paging and sorting, its state in the URL
// (useTableSearch), and the four states in order: skeleton, error with «Reintentar», empty with
// the next step (or «Quitar filtros» when filters emptied it), and the data, dimmed while the next
// page loads.
import { useTable, type Header, type Row, type RowData } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, SearchX, type LucideIcon } from 'lucide-react';
import { useEffect, useEffectEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  columnLabel,
  dataTableFeatures,
  nameColumnOf,
  type DataTableColumn,
  type DataTableColumnMeta,
  type DataTableFeatures,
  type DataTableQuery,
} from '@/components/ui/data-table-columns';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { stickyCell, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { DataTableControls } from '@/lib/url/table-search';
import { cn } from '@/lib/utils';

export interface DataTableProps<T extends RowData> {
  /** What the table is, for assistive technology («Ventas»). */
  label: string;
  columns: DataTableColumn<T>[];
  query: DataTableQuery<T>;
  controls: DataTableControls;
  getRowId: (row: T) => string;
  /** The list is empty before any filter: why, and the next step. */
  empty: { title: string; description?: ReactNode; action?: ReactNode; icon?: LucideIcon };
  /** Opening a row (click, Enter or Space on the focused row): usually sets `?ver=<id>`. */
  onRowOpen?: (row: T) => void;
  /** The open row, marked as current. */
  openRowId?: string;
  /** The heading of the error state. */
  errorTitle?: string;
  /**
   * The exact count of the same filtered rows from another read on the screen (a totals card): the pager
   * then says it, rather than the page's own count that stops a few pages ahead («Más de 100»), so the
   * screen gives one number.
   */
  exactTotal?: number;
  /**
   * Below 640 px: `cards` (default) stacks each row as a card of «label: value» lines, with no
   * header and no sorting; `table` keeps a table of the columns not flagged `hideOnMobile`.
   */
  mobile?: 'cards' | 'table';
  className?: string;
}

const NO_ROWS: never[] = [];
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="checkbox"], [role="menuitem"]';

const metaOf = (header: { column: { columnDef: { meta?: DataTableColumnMeta } } }) => header.column.columnDef.meta ?? {};

type MobileLayout = NonNullable<DataTableProps<never>['mobile']>;

// Cards are the same table restyled below 640 px (one DOM, so tests and assistive technology find
// each value once); each cell shows its column's name from data-label.
const cardClasses = {
  table: 'max-sm:block',
  header: 'max-sm:hidden',
  body: 'max-sm:flex max-sm:flex-col max-sm:gap-2 max-sm:p-2',
  row: 'max-sm:flex max-sm:flex-col max-sm:rounded-lg max-sm:border! max-sm:px-3 max-sm:py-2',
  cell: 'max-sm:flex max-sm:min-h-8 max-sm:items-center max-sm:justify-end max-sm:gap-3 max-sm:px-0 max-sm:py-1 max-sm:text-right max-sm:before:mr-auto max-sm:before:text-left max-sm:before:text-xs max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]',
};

function cellClass(meta: DataTableColumnMeta, mobile: MobileLayout, sticky: boolean) {
  return cn(
    mobile === 'cards' && cardClasses.cell,
    // A phone's card does not scroll: its name is not pinned there.
    sticky && cn(stickyCell, mobile === 'cards' && 'max-sm:static'),
    meta.hideOnMobile && (mobile === 'cards' ? 'max-sm:hidden' : 'hidden sm:table-cell'),
    meta.align === 'end' && 'text-right tabular-nums',
    meta.className,
  );
}

export function DataTable<T extends RowData>({
  label,
  columns,
  query,
  controls,
  getRowId,
  empty,
  onRowOpen,
  openRowId,
  errorTitle,
  exactTotal,
  mobile = 'cards',
  className,
}: DataTableProps<T>) {
  const cards = mobile === 'cards';
  const { data } = query;
  const total = exactTotal ?? data?.total ?? 0;
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: data?.rows ?? NO_ROWS,
    getRowId: (row) => getRowId(row),
    rowCount: total,
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
    defaultColumn: { enableSorting: false },
    state: {
      pagination: { pageIndex: controls.page - 1, pageSize: controls.pageSize },
      sorting: [controls.sort],
    },
  });

  // A page past the end (a hand-edited URL, rows gone since the link was shared): go to the last one.
  const lastPage = Math.max(1, Math.ceil(total / controls.pageSize));
  // Only once the answer is for this page: a kept previous page says nothing about it.
  const pastTheEnd = !!data && !query.isPlaceholderData && data.total > 0 && data.rows.length === 0 && controls.page > lastPage;
  const goToLastPage = useEffectEvent(() => controls.setPage(lastPage, { replace: true }));
  useEffect(() => {
    if (pastTheEnd) goToLastPage();
  }, [pastTheEnd]);

  const headerGroups = table.getHeaderGroups();
  const sticky = nameColumnOf(table.getAllLeafColumns(), (c) => c.columnDef.meta)?.id;
  const header = (
    <TableHeader className={cn(cards && cardClasses.header)}>
      {headerGroups.map((group) => (
        <TableRow key={group.id}>
          {group.headers.map((h) => (
            <SortableHead key={h.id} header={h} controls={controls} mobile={mobile} sticky={h.column.id === sticky}>
              {h.isPlaceholder ? null : <table.FlexRender header={h} />}
            </SortableHead>
          ))}
        </TableRow>
      ))}
    </TableHeader>
  );
  const leafHeaders = headerGroups.at(-1)?.headers ?? [];

  if (query.isPending && !data) {
    return (
      <div className={className}>
        <Table scrollHint aria-label={label} aria-busy="true" className={cn(cards && cardClasses.table)}>
          {header}
          <TableBody className={cn(cards && cardClasses.body)}>
            {Array.from({ length: Math.min(controls.pageSize, 10) }, (_, i) => (
              <TableRow key={i} className={cn(cards && cardClasses.row)}>
                {leafHeaders.map((h) => (
                  <TableCell key={h.id} data-label={columnLabel(h.column.columnDef)} className={cellClass(metaOf(h), mobile, h.column.id === sticky)}>
                    <CellSkeleton shape={metaOf(h).skeleton} />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <span className="sr-only" role="status">
          Cargando…
        </span>
      </div>
    );
  }

  if (query.isError || !data) {
    return <ErrorState className={className} title={errorTitle} error={query.error} onRetry={query.refetch} retrying={query.isFetching} />;
  }

  if (data.total === 0) {
    return controls.isFiltered ? (
      <EmptyState
        className={className}
        icon={SearchX}
        title="No hay resultados con estos filtros"
        action={
          <Button variant="outline" onClick={controls.clearFilters}>
            Quitar filtros
          </Button>
        }
      />
    ) : (
      <EmptyState className={className} icon={empty.icon} title={empty.title} description={empty.description} action={empty.action} />
    );
  }

  const loadingNext = query.isPlaceholderData;
  return (
    <div className={className}>
      <Table scrollHint aria-label={label} aria-busy={loadingNext || undefined} className={cn(cards && cardClasses.table)}>
        {header}
        <TableBody className={cn('transition-opacity', cards && cardClasses.body, loadingNext && 'opacity-60')}>
          {table.getRowModel().rows.map((row) => (
            <DataRow key={row.id} row={row} open={row.id === openRowId} onOpen={onRowOpen} className={cn(cards && cardClasses.row)}>
              {row.getAllCells().map((cell) => (
                <TableCell
                  key={cell.id}
                  data-label={columnLabel(cell.column.columnDef)}
                  className={cellClass(cell.column.columnDef.meta ?? {}, mobile, cell.column.id === sticky)}
                >
                  <table.FlexRender cell={cell} />
                </TableCell>
              ))}
            </DataRow>
          ))}
        </TableBody>
      </Table>
      <Pagination
        page={controls.page}
        pageSize={controls.pageSize}
        pageSizes={controls.pageSizes}
        total={total}
        capped={exactTotal === undefined && data.capped}
        onPageChange={controls.setPage}
        onPageSizeChange={controls.setPageSize}
      />
    </div>
  );
}

function SortableHead<T extends RowData>({
  header,
  controls,
  mobile,
  sticky,
  children,
}: {
  header: Header<DataTableFeatures, T, unknown>;
  controls: DataTableControls;
  mobile: MobileLayout;
  sticky: boolean;
  children: ReactNode;
}) {
  const meta = metaOf(header);
  // Cells restyled as cards keep their classes; a header only needs to hide its flagged columns.
  const headClass = cn(
    meta.hideOnMobile && mobile === 'table' && 'hidden sm:table-cell',
    sticky && stickyCell,
    meta.align === 'end' && 'text-right',
    meta.className,
  );
  const { column } = header;
  const sorted = column.getCanSort() ? column.getIsSorted() : false;
  if (!column.getCanSort()) return <TableHead className={headClass}>{children}</TableHead>;
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  const name = columnLabel(column.columnDef);
  return (
    <TableHead className={headClass} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
      <Button
        variant="ghost"
        size="sm"
        className={cn('-mx-2 h-8 px-2 text-xs text-muted-foreground', sorted && 'text-foreground', meta.align === 'end' && 'ml-auto flex')}
        aria-label={name}
        onClick={() => controls.setSort({ id: column.id, desc: sorted === 'asc' })}
      >
        {children}
        <Icon className={cn(!sorted && 'opacity-50')} aria-hidden="true" />
      </Button>
    </TableHead>
  );
}

function DataRow<T extends RowData>({
  row,
  open,
  onOpen,
  className,
  children,
}: {
  row: Row<DataTableFeatures, T>;
  open: boolean;
  onOpen?: (row: T) => void;
  className?: string;
  children: ReactNode;
}) {
  if (!onOpen) return <TableRow className={className}>{children}</TableRow>;
  // A click on a control inside the row (a link, a menu) is that control's, not an «open».
  const fromControl = (e: MouseEvent | KeyboardEvent) => e.target !== e.currentTarget && !!(e.target as Element).closest(INTERACTIVE);
  return (
    <TableRow
      tabIndex={0}
      aria-current={open || undefined}
      className={cn(
        'cursor-pointer outline-none hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset',
        className,
      )}
      onClick={(e) => {
        if (!fromControl(e)) onOpen(row.original);
      }}
      onKeyDown={(e) => {
        if ((e.key === 'Enter' || e.key === ' ') && !fromControl(e)) {
          e.preventDefault();
          onOpen(row.original);
        }
      }}
    >
      {children}
    </TableRow>
  );
}

const skeletonWidths: Record<NonNullable<DataTableColumnMeta['skeleton']>, string> = {
  text: 'h-4 w-32 max-w-full',
  short: 'h-4 w-16',
  badge: 'h-5 w-20 rounded-full',
  number: 'ml-auto h-4 w-14',
};

function CellSkeleton({ shape = 'text' }: { shape?: DataTableColumnMeta['skeleton'] }) {
  return <Skeleton className={skeletonWidths[shape]} />;
}
