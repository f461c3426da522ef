// Dashboard: what needs doing today, the month in figures against the previous one, the charts (their
// library loaded after the figures) and the low-stock list, from one read (get_dashboard) of kept
// aggregates.
import { useQuery } from '@tanstack/react-query';
import { dashboardQueries } from '@/api/dashboard/dashboard-queries';
import { PageHeader } from '@/components/page-header';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths, routeLabel } from '@/config/paths';
import { useSession } from '@/lib/auth/use-session';
import { ChartsSection } from '../components/charts-section';
import { KpiCards } from '../components/kpi-cards';
import { LowStock } from '../components/low-stock';
import { TodoList, UnclosedBanner } from '../components/todo-list';
import { m } from '../messages';

function DashboardSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <Skeleton className="h-6 w-40" />
      <Card className="flex flex-col gap-3 p-4">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex items-center gap-3">
            <Skeleton className="size-9 rounded-full" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ))}
      </Card>
      <Skeleton className="h-6 w-56" />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: 7 }, (_, i) => (
          <Card key={i} className="flex flex-col gap-3 p-4">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-3 w-full" />
          </Card>
        ))}
      </div>
    </div>
  );
}

export default function DashboardPage() {
  const { user } = useSession();
  const query = useQuery(dashboardQueries.overview());
  const isSuperadmin = user?.role === 'superadmin';
  return (
    <>
      <PageHeader title={routeLabel(paths.dashboard)} />
      {query.isPending ? (
        <DashboardSkeleton />
      ) : query.isError ? (
        <ErrorState error={query.error} title={m.loadFailed} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : (
        <div className="flex flex-col gap-8">
          <UnclosedBanner months={query.data.unclosed_months} isSuperadmin={isSuperadmin} />
          <TodoList data={query.data} />
          <KpiCards data={query.data} />
          <ChartsSection data={query.data} />
          <LowStock data={query.data} canRestock={isSuperadmin} />
        </div>
      )}
    </>
  );
}
