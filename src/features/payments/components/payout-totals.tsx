// The four totals, which are also the way into each list: a total opens the requests behind it.
// Pending and approved count all the open work, whatever its age; paid and rejected, this month's
// (the labels say so), counted by get_payout_totals.
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { PayoutTotal } from '@/api/payouts/payouts-api';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { PAYOUT_STATUSES, type PayoutStatus } from '@/lib/data/domain';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { m, totalLabels } from '../messages';

export function PayoutTotals({
  query,
  selected,
  hrefOf,
}: {
  query: UseQueryResult<PayoutTotal[]>;
  selected: PayoutStatus;
  /** The list of one state (this month's for paid and rejected). */
  hrefOf: (status: PayoutStatus) => string;
}) {
  const f = useFormat();
  const thisMonth = f.month(f.businessMonth());
  const byStatus = new Map(query.data?.map((t) => [t.status, t]));
  if (query.isError)
    return (
      <ErrorState className="mb-4 rounded-xl border py-6" title={m.totalsFailed} error={query.error} onRetry={query.refetch} retrying={query.isFetching} />
    );
  return (
    <nav aria-label={m.statesNav} className="mb-6">
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {PAYOUT_STATUSES.map((status) => {
          const total = byStatus.get(status);
          const label = totalLabels[status];
          const current = status === selected;
          return (
            <li key={status}>
              <Link
                to={hrefOf(status)}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'flex h-full flex-col gap-1 rounded-xl border bg-card p-3 text-card-foreground shadow-sm transition-colors outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:p-4',
                  current && 'border-primary ring-1 ring-primary',
                )}
              >
                <span className="text-sm font-medium">{label.title}</span>
                {total ? (
                  <>
                    <span className="text-lg font-semibold tabular-nums sm:text-2xl" data-testid={`total-${status}-amount`}>
                      {f.money(total.amount)}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      <span data-testid={`total-${status}-count`}>{total.requests === 1 ? '1 solicitud' : `${f.count(total.requests)} solicitudes`}</span>
                      {' · '}
                      {label.scope(thisMonth)}
                    </span>
                  </>
                ) : (
                  <>
                    <Skeleton className="h-7 w-28" />
                    <Skeleton className="h-4 w-36 max-w-full" />
                  </>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
