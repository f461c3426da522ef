// Configuración › Cierre de mes (superadmin): the business months with their state; for an open
// month that has ended, «Vista previa del cierre» and «Cerrar mes» (queued, run by pg_cron, its
// progress read again until it ends); for a closed month, what its close did. Every figure is the
// database's (20250701093000_reads_configuration.sql); this panel only formats them.
import { useQuery } from '@tanstack/react-query';
import { CalendarRange } from 'lucide-react';
import { z } from 'zod/mini';
import { periodsQueries } from '@/api/periods/periods-queries';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { textParam } from '@/lib/url/url-params';
import { useUrlState } from '@/lib/url/url-state';
import { MonthDetail } from './month-detail';
import { MonthList } from './month-list';
import { m } from './messages';

const closeSearch = z.object({ mes: textParam(10) });

export default function ClosePanel() {
  const months = useQuery(periodsQueries.closeMonths());
  const [search, setSearch] = useUrlState(closeSearch);

  if (months.isPending) {
    return (
      <div className="grid gap-4 md:grid-cols-[16rem_1fr]" aria-busy="true">
        <div className="flex flex-col gap-2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (months.isError) {
    return <ErrorState title={m.loadFailed} error={months.error} onRetry={() => months.refetch()} retrying={months.isFetching} />;
  }
  if (months.data.length === 0) return <EmptyState icon={CalendarRange} title={m.emptyTitle} description={m.emptyDescription} />;

  // By default the month that needs a close (the oldest ended and still open), else the newest.
  const due = [...months.data].reverse().find((x) => x.ended && x.status === 'open');
  const selected = months.data.find((x) => x.month === search.mes) ?? due ?? months.data[0]!;
  return (
    <div className="grid items-start gap-4 md:grid-cols-[16rem_minmax(0,1fr)]">
      <section aria-labelledby="close-months-title" className="flex flex-col gap-2">
        <div>
          <h2 id="close-months-title" className="text-base font-semibold">
            {m.monthsTitle}
          </h2>
          <p className="text-sm text-muted-foreground">{m.monthsHint}</p>
        </div>
        <MonthList months={months.data} selected={selected.month} onSelect={(mes) => setSearch({ mes })} />
      </section>
      <MonthDetail key={selected.month} month={selected} />
    </div>
  );
}
