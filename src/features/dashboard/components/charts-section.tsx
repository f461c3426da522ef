import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import type { Dashboard } from '@/api/dashboard/dashboard-api';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/lib/format/use-format';
import { monthEnd } from '../dashboard-links';
import { m } from '../messages';

const ChartCanvas = lazy(() => import('@/components/chart/chart-canvas'));

/** A chart, its text alternative (the same figures as a table) and its title. */
function ChartFigure({ id, title, table, children }: { id: string; title: string; table: ReactNode; children: ReactNode }) {
  return (
    <Card className="flex min-w-0 flex-col gap-3 p-4">
      <h3 id={id} className="text-sm font-medium">
        {title}
      </h3>
      <Suspense fallback={<Skeleton className="h-56 w-full" />}>{children}</Suspense>
      <details className="text-sm">
        <summary className="cursor-pointer rounded text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
          {m.asTable}
        </summary>
        {/* A long table scrolls: focusable, so the keyboard scrolls it too. */}
        <div
          tabIndex={0}
          role="region"
          aria-labelledby={id}
          className="mt-2 max-h-64 overflow-auto rounded focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          {table}
        </div>
      </details>
    </Card>
  );
}

function FigureTable({ labelledBy, head, rows }: { labelledBy: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <table aria-labelledby={labelledBy} className="w-full text-sm">
      <thead>
        <tr className="text-left text-muted-foreground">
          {head.map((h, i) => (
            <th key={h} scope="col" className={i > 0 ? 'py-1 text-right font-medium' : 'py-1 font-medium'}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={String(row[0])} className="border-t">
            {row.map((cell, i) => (
              <td key={i} className={i > 0 ? 'py-1 text-right tabular-nums' : 'py-1'}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const dayOf = (isoDay: string) => Number(isoDay.slice(8, 10));

/** Sales per day against last month, active members over six months, the month's top products. */
export function ChartsSection({ data }: { data: Dashboard }) {
  const f = useFormat();
  const thisName = f.month(data.month);
  const prevName = f.month(data.previous_month);

  const sales = useMemo(() => {
    const days = Math.max(dayOf(monthEnd(data.month)), dayOf(monthEnd(data.previous_month)));
    const current: (number | null)[] = Array.from({ length: days }, (_, i) => (i + 1 <= dayOf(data.today) ? 0 : null));
    const previous: (number | null)[] = Array.from({ length: days }, (_, i) => (i + 1 <= dayOf(monthEnd(data.previous_month)) ? 0 : null));
    const totals = new Map<string, number>();
    for (const d of data.daily_sales) {
      totals.set(d.day, d.total);
      const target = d.day.startsWith(data.month.slice(0, 8)) ? current : previous;
      target[dayOf(d.day) - 1] = d.total;
    }
    return {
      labels: Array.from({ length: days }, (_, i) => String(i + 1)),
      series: [
        { label: thisName, values: current, tone: 'primary' as const },
        { label: prevName, values: previous, tone: 'muted' as const },
      ],
      rows: Array.from({ length: days }, (_, i) => [
        String(i + 1),
        current[i] === null ? '—' : f.money(current[i] ?? 0),
        previous[i] === null ? '—' : f.money(previous[i] ?? 0),
      ]),
    };
  }, [data, f, thisName, prevName]);

  const active = useMemo(
    () => ({
      labels: data.months.map((mo) => f.monthShort(mo.month)),
      series: [{ label: m.active, values: data.months.map((mo) => mo.active_members), tone: 'primary' as const }],
    }),
    [data, f],
  );

  const top = useMemo(
    () => ({
      labels: data.top_products.map((p) => p.name),
      series: [{ label: m.units, values: data.top_products.map((p) => p.units), tone: 'primary' as const }],
    }),
    [data],
  );

  return (
    <section aria-labelledby="dashboard-charts" className="flex flex-col gap-3">
      <h2 id="dashboard-charts" className="text-lg font-semibold">
        {m.chartsTitle}
      </h2>
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        <ChartFigure
          id="chart-sales"
          title={m.salesChart}
          table={<FigureTable labelledBy="chart-sales" head={[m.day, thisName, prevName]} rows={sales.rows} />}
        >
          <ChartCanvas kind="line" labels={sales.labels} series={sales.series} summary={m.salesChart} formatValue={f.money} />
        </ChartFigure>
        <ChartFigure
          id="chart-active"
          title={m.activeChart}
          table={
            <FigureTable labelledBy="chart-active" head={[m.month, m.active]} rows={data.months.map((mo) => [f.month(mo.month), f.count(mo.active_members)])} />
          }
        >
          <ChartCanvas kind="bar" labels={active.labels} series={active.series} summary={m.activeChart} formatValue={f.count} />
        </ChartFigure>
        <ChartFigure
          id="chart-top"
          title={m.topChart}
          table={
            data.top_products.length === 0 ? (
              <p className="text-muted-foreground">{m.topEmpty}</p>
            ) : (
              <FigureTable
                labelledBy="chart-top"
                head={[m.product, m.units, m.revenue]}
                rows={data.top_products.map((p) => [p.name, f.count(p.units), f.money(p.revenue)])}
              />
            )
          }
        >
          {data.top_products.length === 0 ? (
            <p className="flex h-56 items-center justify-center text-sm text-muted-foreground">{m.topEmpty}</p>
          ) : (
            <ChartCanvas kind="bar" horizontal labels={top.labels} series={top.series} summary={m.topChart} formatValue={f.count} />
          )}
        </ChartFigure>
      </div>
    </section>
  );
}
