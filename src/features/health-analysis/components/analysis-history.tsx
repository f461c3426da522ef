// The member's analyses, newest first, a page at a time: when, the goals, and whether it stopped at a
// red flag or how many recommendations it gave. Each opens the analysis.
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import type { HealthQuestionnaire } from '@/api/health/health-api';
import { healthQueries } from '@/api/health/health-queries';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { HISTORY_PAGE_SIZES } from '../health-search';
import { m } from '../messages';

interface Props {
  clientId: string;
  openId: string | undefined;
  page: number;
  pageSize: number;
  goals: HealthQuestionnaire['options']['goal'] | undefined;
  onOpen: (id: string) => void;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

export function AnalysisHistory({ clientId, openId, page, pageSize, goals, onOpen, onPage, onPageSize }: Props) {
  const f = useFormat();
  const query = useQuery(healthQueries.history({ clientId, page, pageSize }));
  const goalLabel = (key: string) => goals?.find((g) => g.key === key)?.label ?? key;
  return (
    <section aria-labelledby="health-history" className="flex flex-col gap-3">
      <h2 id="health-history" className="text-lg font-semibold">
        {m.history}
      </h2>
      {query.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorState
          title={m.historyFailed}
          error={query.error}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
          className="rounded-xl border bg-card"
        />
      ) : query.data.rows.length === 0 ? (
        <EmptyState icon={History} title={m.historyEmpty} description={m.historyEmptyDescription} className="rounded-xl border bg-card" />
      ) : (
        <>
          <ol aria-label={m.historyLabel} className={cn('flex flex-col gap-2 transition-opacity', query.isPlaceholderData && 'opacity-60')}>
            {query.data.rows.map((r) => {
              const open = r.id === openId;
              return (
                <li key={r.id}>
                  <button
                    type="button"
                    aria-current={open ? 'true' : undefined}
                    onClick={() => onOpen(r.id)}
                    className={cn(
                      'flex w-full flex-col gap-1 rounded-lg border bg-card px-3 py-2 text-left outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50',
                      open && 'border-primary ring-1 ring-primary',
                    )}
                  >
                    <span className="flex flex-wrap items-center justify-between gap-2">
                      <span className="text-sm font-medium">{f.dateTime(r.created_at)}</span>
                      {r.red_flags.length > 0 ? (
                        <Badge tone="amber">{m.withRedFlags}</Badge>
                      ) : (
                        <Badge tone="green">{m.recommendationCount(r.recommendation_count)}</Badge>
                      )}
                    </span>
                    <span className="text-xs text-muted-foreground first-letter:uppercase">{r.goals.map(goalLabel).join(', ')}</span>
                  </button>
                </li>
              );
            })}
          </ol>
          {query.data.total > HISTORY_PAGE_SIZES[0] && (
            <Pagination
              page={page}
              pageSize={pageSize}
              pageSizes={HISTORY_PAGE_SIZES}
              total={query.data.total}
              onPageChange={onPage}
              onPageSizeChange={onPageSize}
              sizeLabel={m.perPage}
            />
          )}
        </>
      )}
    </section>
  );
}
