// Finanzas (superadmin with the finance claim; the database refuses anyone else): a business month's
// report, its margin per product and the last 12 months, each exportable as CSV. Everything is read
// from figures the database keeps per month (get_finance_month, get_finance_products,
// get_finance_series), never from the ledger or the sales.
import { useQuery } from '@tanstack/react-query';
import { financeQueries } from '@/api/finance/finance-queries';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { MonthPicker } from '@/components/ui/month-picker';
import { Skeleton } from '@/components/ui/skeleton';
import { paths, routeLabel } from '@/config/paths';
import { useMonthParam } from '@/lib/url/month-param';
import { useFormat } from '@/lib/format/use-format';
import { ProductMargins } from '../components/product-margins';
import { ReportCards } from '../components/report-cards';
import { SeriesSection } from '../components/series-section';
import { exportMonths } from '../finance-csv';
import { ExportButtons } from '@/components/export/export-buttons';
import { formatName } from '@/components/export/export-format';
import { m } from '../messages';

function CardsSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
      {Array.from({ length: 8 }, (_, i) => (
        <Card key={i} className="flex flex-col gap-3 p-4">
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-3 w-full" />
        </Card>
      ))}
    </div>
  );
}

export default function FinancePage() {
  const f = useFormat();
  const { month, setMonth, max } = useMonthParam();
  const query = useQuery(financeQueries.month(month));
  const monthName = f.month(month);
  return (
    <>
      <PageHeader title={routeLabel(paths.finance)}>
        <MonthPicker value={month} onChange={setMonth} max={max} label={m.monthLabel} />
      </PageHeader>
      <div className="flex flex-col gap-8">
        <section aria-labelledby="finance-month" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="finance-month" className="text-lg font-semibold">
                {m.monthTitle(monthName)}
              </h2>
              {query.data?.closed && <Badge tone="gray">{m.closed}</Badge>}
            </div>
            <ExportButtons
              disabled={!query.data}
              build={async (format) => (query.data ? exportMonths(format, [query.data], f) : null)}
              fileBase={`finanzas-${month}`}
              done={(_, format) => m.exported(formatName(format))}
              label={(format) => m.exportMonth(formatName(format), monthName)}
            />
          </div>
          {query.isPending ? (
            <CardsSkeleton />
          ) : query.isError ? (
            <ErrorState error={query.error} title={m.loadFailed} onRetry={() => query.refetch()} retrying={query.isFetching} />
          ) : (
            <div className={query.isPlaceholderData ? 'flex flex-col gap-3 opacity-60' : 'flex flex-col gap-3'}>
              {!query.data.closed && <p className="text-sm text-muted-foreground">{m.open}</p>}
              <ReportCards data={query.data} />
            </div>
          )}
        </section>
        <ProductMargins month={month} />
        <SeriesSection />
      </div>
    </>
  );
}
