// The totals of the filtered sales (count, amount, points), as the database sums them.
import type { UseQueryResult } from '@tanstack/react-query';
import type { SalesTotals as Totals } from '@/api/sales-admin/sales-admin-api';
import { Skeleton } from '@/components/ui/skeleton';
import type { DbError } from '@/lib/data/db';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { m } from '../messages';

export function SalesTotals({ query }: { query: UseQueryResult<Totals, DbError> }) {
  const f = useFormat();
  if (query.isError) return <p className="text-sm text-tone-red-foreground">{m.totalsFailed}</p>;
  const figures = [
    { label: m.totalsCount, value: query.data ? f.count(query.data.sales_count) : null },
    { label: m.totalsAmount, value: query.data ? f.money(query.data.total) : null },
    { label: m.totalsPoints, value: query.data ? f.points(query.data.points_total) : null },
  ];
  return (
    <dl
      aria-label={m.totalsLabel}
      aria-busy={query.isFetching || undefined}
      // A figure never shrinks below its width: on a phone the amount takes a line of its own rather than
      // ending in «…» (issue 25 §7).
      className={cn('flex flex-wrap gap-x-6 gap-y-2 rounded-xl border bg-card p-3 sm:gap-x-8 sm:p-4', query.isPlaceholderData && 'opacity-60')}
      data-testid="sales-totals"
    >
      {figures.map((fig) => (
        <div key={fig.label} className="flex flex-auto flex-col gap-0.5">
          <dt className="text-xs text-muted-foreground sm:text-sm">{fig.label}</dt>
          <dd className="text-base font-semibold whitespace-nowrap tabular-nums sm:text-xl">{fig.value ?? <Skeleton className="h-6 w-20" />}</dd>
        </div>
      ))}
    </dl>
  );
}
