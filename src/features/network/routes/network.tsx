import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { UserPlus, Users } from 'lucide-react';
import { Link } from 'react-router';
import { networkQueries } from '@/api/network/network-queries';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { MonthPicker } from '@/components/ui/month-picker';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths, routeLabel } from '@/config/paths';
import { useMonthParam } from '@/lib/url/month-param';
import { useTableSearch } from '@/lib/url/table-search';
import { NetworkSummary } from '@/components/network/network-summary';
import { NOT_FILTERS, networkSearch } from '../components/network-search';
import { Enrollees } from '@/components/network/network-tree';
import { m } from '@/components/network/messages';

// The table (with the data table and its paging) is the second view: it loads when it is opened,
// which keeps Mi Red's first load within the member budget (bench/route-budgets.mjs).
const NetworkTable = lazy(() => import('../components/network-table').then((module) => ({ default: module.NetworkTable })));

export default function NetworkPage() {
  const { month, monthStart, setMonth, max } = useMonthParam();
  const table = useTableSearch(networkSearch, { notFilters: NOT_FILTERS });
  const whose = { clientId: null, month: monthStart };
  const summary = useQuery(networkQueries.summary(whose));
  const closed = summary.data?.[0]?.month_closed ?? false;
  const generations = (summary.data ?? []).flatMap((g) => (g.generation !== null && g.members > 0 ? [g.generation] : []));
  const view = table.search.vista;

  let body;
  if (summary.isError) {
    body = <ErrorState title={m.loadFailed} error={summary.error} onRetry={summary.refetch} retrying={summary.isFetching} />;
  } else if (summary.data && generations.length === 0) {
    body =
      month === max ? (
        <EmptyState
          icon={Users}
          title={m.emptyTitle}
          description={m.emptyDescription}
          action={
            <Button asChild>
              <Link to={paths.enrol}>
                <UserPlus aria-hidden="true" />
                {m.enrol}
              </Link>
            </Button>
          }
        />
      ) : (
        <EmptyState icon={Users} title={m.emptyMonthTitle} />
      );
  } else {
    body = (
      <div className="flex flex-col gap-6">
        <NetworkSummary
          rows={summary.data}
          closed={closed}
          onOpenGeneration={(gen) => table.setFilters({ gen, vista: 'tabla', q: undefined, estado: undefined })}
        />
        <Tabs value={view} onValueChange={(v) => table.setSearch({ vista: v as 'arbol' | 'tabla' })}>
          <TabsList aria-label={m.views}>
            <TabsTrigger value="arbol">{m.treeTab}</TabsTrigger>
            <TabsTrigger value="tabla">{m.tableTab}</TabsTrigger>
          </TabsList>
          <TabsContent value="arbol">
            {/* Keyed by month: a node opened in one month starts closed in another. */}
            <Enrollees key={monthStart} whose={whose} parentId={null} label={m.enrolleesOf(m.you)} />
          </TabsContent>
          <TabsContent value="tabla">
            {summary.data && (
              <Suspense fallback={<Skeleton className="h-64 w-full" />}>
                <NetworkTable whose={whose} generations={generations} closed={closed} table={table} />
              </Suspense>
            )}
          </TabsContent>
        </Tabs>
      </div>
    );
  }

  return (
    <>
      <PageHeader title={routeLabel(paths.network)}>
        <MonthPicker value={month} onChange={setMonth} max={max} label={m.monthLabel} />
      </PageHeader>
      {closed && <p className="-mt-3 mb-4 text-sm text-muted-foreground">{m.closedMonth}</p>}
      {body}
    </>
  );
}
