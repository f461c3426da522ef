import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { financeQueries } from '@/api/finance/finance-queries';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/lib/format/use-format';
import { exportMonths } from '../finance-csv';
import { ExportButtons } from '@/components/export/export-buttons';
import { formatName } from '@/components/export/export-format';
import { m } from '../messages';

const ChartCanvas = lazy(() => import('@/components/chart/chart-canvas'));
const TONES = ['primary', 'muted', 'accent'] as const;

/** The last 12 months: a chart (its library loaded on this page only) and the same figures as a table. */
export function SeriesSection() {
  const f = useFormat();
  const query = useQuery(financeQueries.series(12));
  const chart = useMemo(() => {
    const rows = query.data ?? [];
    return {
      labels: rows.map((r) => f.monthShort(r.month)),
      series: [
        { label: m.revenue, values: rows.map((r) => r.revenue) },
        { label: m.cost, values: rows.map((r) => r.cost_of_goods) },
        {
          label: m.afterRewards,
          values: rows.map((r) => r.margin_after_rewards),
        },
      ],
    };
  }, [query.data, f]);

  return (
    <section aria-labelledby="finance-series" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="finance-series" className="text-lg font-semibold">
          {m.seriesTitle}
        </h2>
        <ExportButtons
          disabled={!query.data}
          build={async (format) => (query.data ? exportMonths(format, query.data, f) : null)}
          fileBase="finanzas-12-meses"
          done={(_, format) => m.exported(formatName(format))}
          label={(format) => m.exportSeries(formatName(format))}
        />
      </div>
      {query.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : query.isError ? (
        <ErrorState error={query.error} title={m.loadFailed} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : (
        <Card className="flex min-w-0 flex-col gap-3 p-4">
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            <ChartCanvas
              kind="bar"
              labels={chart.labels}
              series={chart.series.map((s, i) => ({
                ...s,
                tone: TONES[i % TONES.length]!,
              }))}
              summary={m.seriesSummary}
              formatValue={f.money}
            />
          </Suspense>
          <details className="text-sm">
            <summary className="cursor-pointer rounded text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
              {m.asTable}
            </summary>
            <div
              tabIndex={0}
              role="region"
              aria-labelledby="finance-series"
              className="mt-2 overflow-x-auto rounded focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              <table aria-labelledby="finance-series" className="w-full text-sm">
                <thead>
                  <tr className="text-left text-muted-foreground">
                    <th scope="col" className="py-1 font-medium">
                      {m.month}
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      {m.revenue}
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      {m.cost}
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      {m.afterRewards}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {query.data.map((r) => (
                    <tr key={r.month} className="border-t">
                      <td className="py-1">{f.month(r.month)}</td>
                      <td className="py-1 text-right tabular-nums">{f.money(r.revenue)}</td>
                      <td className="py-1 text-right tabular-nums">{f.money(r.cost_of_goods)}</td>
                      <td className="py-1 text-right tabular-nums">{f.money(r.margin_after_rewards)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </Card>
      )}
    </section>
  );
}
