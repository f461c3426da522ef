import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ClipboardCheck, Inbox, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { salesQueries } from '@/api/sales/sales-queries';
import { staffQueries } from '@/api/staff/staff-queries';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { paths, routeLabel } from '@/config/paths';
import { useFormat } from '@/lib/format/use-format';
import { useUrlState, writeUrlState } from '@/lib/url/url-state';
import { cn } from '@/lib/utils';
import { KeyboardLegend } from '../components/keyboard-legend';
import { QueueList, QueueListSkeleton } from '../components/queue-list';
import { SaleReview, SaleReviewSkeleton } from '../components/sale-review';
import { approvalMessages as m } from '../messages';
import { waitedFor } from '../queue/age';
import { afterDecision, pageCountOf, pickFrom, step, type Move, type Pick } from '../queue/queue-navigation';
import { useQueueShortcuts } from '../queue/shortcuts';
import { approvalsSearch, QUEUE_PAGE_SIZES } from '../search-params';

export default function ApprovalsPage() {
  const [search, setSearch] = useUrlState(approvalsSearch);
  const [params] = useSearchParams();
  const queue = useQuery(salesQueries.approvalQueue({ page: search.pagina, pageSize: search.por_pagina }));
  const rows = queue.data?.rows ?? [];
  const ids = rows.map((row) => row.id);
  const total = queue.data?.total ?? 0;
  const pageCount = pageCountOf(total, search.por_pagina);
  const fresh = queue.data !== undefined && !queue.isPlaceholderData && !queue.isFetching;
  const openId = search.venta;

  // A row to open once its page has (re)loaded: crossing pages with J/K, or the row that slides in
  // after a decision on a page's last one.
  const [pendingPick, setPendingPick] = useState<{ page: number; pick: Pick } | null>(null);
  const [focusOnOpen, setFocusOnOpen] = useState(false);

  const linkTo = (id: string) => `?${writeUrlState(approvalsSearch, params, { ...search, venta: id }).toString()}`;

  const apply = (move: Move) => {
    if (move.kind === 'stay') return;
    setFocusOnOpen(true);
    if (move.kind === 'open') {
      setPendingPick(null);
      setSearch({ venta: move.id ?? undefined }, { replace: true });
    } else {
      setPendingPick({ page: move.page, pick: move.pick });
      setSearch({ pagina: move.page, venta: undefined }, { replace: true });
    }
  };

  // The picked row, once its page has arrived; the URL follows. A pick left behind once a sale is
  // open is ignored, and every action that closes the sale replaces or drops it.
  const picked = !openId && pendingPick && fresh && pendingPick.page === search.pagina ? pickFrom(ids, pendingPick.pick) : undefined;
  useEffect(() => {
    if (picked !== undefined) setSearch({ venta: picked ?? undefined }, { replace: true });
  }, [picked, setSearch]);

  // A page past the end (the queue shrank, or a hand-edited URL) shows the last one.
  useEffect(() => {
    if (fresh && rows.length === 0 && total > 0 && search.pagina > pageCount) setSearch({ pagina: pageCount }, { replace: true });
  }, [fresh, rows.length, total, search.pagina, pageCount, setSearch]);

  const moveBy = (direction: 1 | -1) => step(ids, openId, direction, search.pagina, pageCount);
  const next = moveBy(1);
  const previous = moveBy(-1);
  useQueueShortcuts(rows.length > 0 ? { next: () => apply(next), previous: () => apply(previous) } : {});

  const paging = {
    page: search.pagina,
    pageSize: search.por_pagina,
    pageSizes: QUEUE_PAGE_SIZES,
    total,
    onPageChange: (page: number) => {
      setPendingPick(null);
      setSearch({ pagina: page });
    },
    onPageSizeChange: (size: number) => {
      setPendingPick(null);
      setSearch({ por_pagina: size, pagina: 1 });
    },
  };
  const opening = pendingPick !== null && !openId;

  return (
    <>
      <PageHeader title={routeLabel(paths.approvals)}>
        <Button variant="outline" size="sm" onClick={() => void queue.refetch()} disabled={queue.isFetching} title={m.refreshed}>
          <RefreshCw className={cn(queue.isFetching && 'animate-spin')} aria-hidden="true" />
          {m.refresh}
        </Button>
      </PageHeader>
      <QueueSummary />

      {queue.isPending ? (
        <div className="grid gap-6 xl:grid-cols-[20rem_minmax(0,1fr)]">
          <QueueListSkeleton />
          <div className="max-xl:hidden">
            <SaleReviewSkeleton />
          </div>
        </div>
      ) : queue.isError ? (
        <ErrorState title={m.queueFailed} error={queue.error} onRetry={() => queue.refetch()} retrying={queue.isFetching} />
      ) : total === 0 && !openId && !opening ? (
        <EmptyState icon={Inbox} title={m.emptyTitle} description={m.emptyHint} className="rounded-xl border bg-card py-16" />
      ) : (
        <div className="grid items-start gap-6 xl:grid-cols-[20rem_minmax(0,1fr)]">
          <aside aria-label={m.queueLabel} className={cn('space-y-4 xl:sticky xl:top-20', openId && 'max-xl:hidden')}>
            {rows.length > 0 ? (
              <QueueList rows={rows} openId={openId} linkTo={linkTo} paging={paging} dimmed={queue.isPlaceholderData} />
            ) : (
              <EmptyState icon={Inbox} title={m.emptyTitle} className="rounded-xl border bg-card" />
            )}
            <KeyboardLegend className="max-sm:hidden" />
          </aside>
          <div className={cn('min-w-0', !openId && !opening && 'max-xl:hidden')}>
            {openId ? (
              <>
                <Button
                  variant="ghost"
                  size="sm"
                  className="mb-2 -ml-2 xl:hidden"
                  onClick={() => {
                    setPendingPick(null);
                    setSearch({ venta: undefined });
                  }}
                >
                  <ChevronLeft aria-hidden="true" />
                  {m.backToQueue}
                </Button>
                <SaleReview
                  key={openId}
                  saleId={openId}
                  fromQueue={rows.find((row) => row.id === openId)}
                  linkTo={linkTo}
                  onPrevious={previous.kind === 'stay' ? null : () => apply(previous)}
                  onNext={next.kind === 'stay' ? null : () => apply(next)}
                  onDone={(doneId) => apply(afterDecision(ids, doneId, search.pagina, pageCount))}
                  focusOnOpen={focusOnOpen}
                />
              </>
            ) : opening ? (
              <SaleReviewSkeleton />
            ) : (
              <EmptyState
                icon={ClipboardCheck}
                title={m.pickTitle}
                description={m.pickHint}
                className="rounded-xl border bg-card py-16"
                action={
                  rows[0] && (
                    <Button onClick={() => apply({ kind: 'open', id: rows[0]!.id })} aria-keyshortcuts="J">
                      {m.openOldest}
                    </Button>
                  )
                }
              />
            )}
          </div>
        </div>
      )}
    </>
  );
}

/** How much waits and since when, the same figures as the navigation's count. */
function QueueSummary() {
  const f = useFormat();
  const counts = useQuery(staffQueries.workCounts());
  const data = counts.data;
  if (!data || data.pending_approvals === 0) return null;
  return (
    <p className="-mt-4 mb-5 text-sm text-muted-foreground" data-testid="queue-summary">
      {m.queueSummary(f.count(data.pending_approvals), data.pending_approvals)}
      {data.oldest_pending_at && ` · ${m.oldestSince(waitedFor(data.oldest_pending_at))}`}
      <span className="sr-only">. {m.refreshed}</span>
    </p>
  );
}
