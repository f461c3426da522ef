import { useQuery } from '@tanstack/react-query';
import { PackageSearch } from 'lucide-react';
import { financeQueries } from '@/api/finance/finance-queries';
import { ExportButtons } from '@/components/export/export-buttons';
import { formatName } from '@/components/export/export-format';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { stickyCell, Table } from '@/components/ui/table';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { exportProducts } from '../finance-csv';
import { m } from '../messages';

/** The month's margin per product, best first (a month's products are few: no paging needed). */
export function ProductMargins({ month }: { month: string }) {
  const f = useFormat();
  const query = useQuery(financeQueries.products(month));
  const monthName = f.month(month);
  return (
    <section aria-labelledby="finance-products" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="finance-products" className="text-lg font-semibold">
          {m.productsTitle}
        </h2>
        <ExportButtons
          disabled={!query.data || query.data.length === 0}
          build={async (format) => (query.data ? exportProducts(format, month, query.data, f) : null)}
          fileBase={`finanzas-productos-${month}`}
          done={(_, format) => m.exported(formatName(format))}
          label={(format) => m.exportProducts(formatName(format), monthName)}
        />
      </div>
      {query.isPending ? (
        <Card className="flex flex-col gap-2 p-4" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-6 w-full" />
          ))}
        </Card>
      ) : query.isError ? (
        <ErrorState error={query.error} title={m.loadFailed} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : query.data.length === 0 ? (
        <Card>
          <EmptyState icon={PackageSearch} title={m.productsEmpty} description={m.productsEmptyHint} />
        </Card>
      ) : (
        <Card className={query.isPlaceholderData ? 'p-0 opacity-60' : 'p-0'}>
          {/* Scrolls sideways on a phone with the product's name kept at the left edge and a hint
              of the columns to its right (issue 25 §7). */}
          <Table scrollHint aria-label={m.productsTitle} containerClassName="rounded-xl" className="min-w-[40rem]" data-testid="finance-products-table">
            <thead>
              <tr className="border-b text-left text-muted-foreground">
                <th scope="col" className={cn('px-4 py-2 font-medium', stickyCell)}>
                  {m.product}
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  {m.units}
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  {m.revenue}
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  {m.productCost}
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  {m.margin}
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  {m.marginRate}
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((p) => (
                <tr key={p.product_id} className="border-b last:border-0">
                  <th scope="row" className={cn('max-w-[45vw] min-w-[9rem] px-4 py-2 text-left font-normal', stickyCell)}>
                    <span className="block font-medium">{p.name}</span>
                    <span className="block text-xs text-muted-foreground">{p.sku}</span>
                  </th>
                  <td className="px-4 py-2 text-right whitespace-nowrap tabular-nums">{f.count(p.units)}</td>
                  <td className="px-4 py-2 text-right whitespace-nowrap tabular-nums">{f.money(p.revenue)}</td>
                  <td className="px-4 py-2 text-right whitespace-nowrap tabular-nums">
                    {f.money(p.cost)}
                    {p.units_without_cost > 0 && (
                      <span className="block text-xs text-amber-800 dark:text-amber-300">{`${f.count(p.units_without_cost)} ${m.noCost}`}</span>
                    )}
                  </td>
                  <td className="px-4 py-2 text-right whitespace-nowrap tabular-nums">{f.money(p.margin)}</td>
                  <td className="px-4 py-2 text-right whitespace-nowrap tabular-nums">{p.margin_rate === null ? '—' : f.percent(p.margin_rate)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Card>
      )}
    </section>
  );
}
