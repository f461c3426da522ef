// A closed month, row by row: who lost what and why, who earned a volume bonus, who rose a level (the
// rows its preview announced, as the close wrote them), paged on the server, with «Exportar».
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { periodsQueries } from '@/api/periods/periods-queries';
import { ExportButtons } from '@/components/export/export-buttons';
import { formatName } from '@/components/export/export-format';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { CloseRows } from './close-rows';
import { buildClosedMonthExport } from './closed-month-export';
import { m } from './messages';

const PAGE_SIZES = [10, 20, 50] as const;

export function ClosedMonthRows({ month }: { month: string }) {
  const f = useFormat();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const rows = useQuery(periodsQueries.closedMonthRows({ month, page, pageSize }));
  return (
    <section aria-labelledby="closed-rows-title" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h3 id="closed-rows-title" className="text-base font-semibold">
            {m.rowsTitle}
          </h3>
          <p className="text-sm text-muted-foreground">{m.rowsHint}</p>
        </div>
        {rows.data && rows.data.total > 0 && (
          <ExportButtons
            build={(format) => buildClosedMonthExport(format, month, f)}
            fileBase={`cierre-${month.slice(0, 7)}`}
            done={(count, format) => m.exported(formatName(format), f.count(count))}
          />
        )}
      </div>
      {rows.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : rows.isError ? (
        <ErrorState title={m.rowsFailed} error={rows.error} onRetry={() => rows.refetch()} retrying={rows.isFetching} />
      ) : rows.data.total === 0 ? (
        <EmptyState title={m.rowsEmpty} />
      ) : (
        <div className={cn('flex flex-col gap-2', rows.isPlaceholderData && 'opacity-60')}>
          <CloseRows rows={rows.data.rows} label={m.rowsTitle} />
          <Pagination
            page={page}
            pageSize={pageSize}
            pageSizes={PAGE_SIZES}
            total={rows.data.total}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        </div>
      )}
    </section>
  );
}
