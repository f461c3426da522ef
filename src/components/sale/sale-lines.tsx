// A sale's lines with its total and points, as Ventas' sale and Mis Pedidos' order show them. The
// words are the screen's own (staff read «pts», members «puntos»); the figures are the database's.
import type { UseQueryResult } from '@tanstack/react-query';
import type { SaleLineDetail } from '@/api/sales/sales-api';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import type { DbError } from '@/lib/data/db';
import { useFormat } from '@/lib/format/use-format';

export interface SaleLinesWords {
  lines: string;
  pointsUnit: (n: string) => string;
  retired: string;
  total: string;
  points: string;
}

export function SaleLines({ query, words }: { query: UseQueryResult<SaleLineDetail[], DbError>; words: SaleLinesWords }) {
  const f = useFormat();
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (query.isError) return <ErrorState className="py-4" error={query.error} onRetry={query.refetch} retrying={query.isFetching} />;
  return (
    <ul className="flex flex-col divide-y" aria-label={words.lines}>
      {query.data.map((l) => (
        <li key={l.product_id} className="flex items-start justify-between gap-3 py-2 first:pt-0">
          <div className="min-w-0">
            <p className="font-medium">{l.name}</p>
            <p className="text-xs text-muted-foreground tabular-nums">
              {f.count(l.quantity)} × {f.money(l.unit_price)} · {words.pointsUnit(f.points(l.line_points))}
            </p>
            {!l.is_active && <p className="text-xs text-tone-amber-foreground">{words.retired}</p>}
          </div>
          <p className="shrink-0 text-sm font-medium tabular-nums">{f.money(l.line_total)}</p>
        </li>
      ))}
    </ul>
  );
}

/** Under the lines: the sale's total and its points. */
export function SaleTotals({ total, points, words, totalTestId }: { total: number; points: number; words: SaleLinesWords; totalTestId?: string }) {
  const f = useFormat();
  return (
    <dl className="mt-3 flex flex-col gap-1 border-t pt-3">
      <div className="flex items-baseline justify-between">
        <dt className="font-medium">{words.total}</dt>
        <dd className="text-lg font-semibold tabular-nums" data-testid={totalTestId}>
          {f.money(total)}
        </dd>
      </div>
      <div className="flex items-baseline justify-between text-sm text-muted-foreground">
        <dt>{words.points}</dt>
        <dd className="tabular-nums">{f.points(points)}</dd>
      </div>
    </dl>
  );
}
