import { useQuery } from '@tanstack/react-query';
import { MessageCircleQuestion } from 'lucide-react';
import { clientsWhyQueries } from '@/api/clients-why/why-queries';
import { ErrorState } from '@/components/ui/error-state';
import { MonthPicker } from '@/components/ui/month-picker';
import { Skeleton } from '@/components/ui/skeleton';
import { useMonthParam } from '@/lib/url/month-param';
import { useFormat } from '@/lib/format/use-format';
import { EntriesList, EntriesListSkeleton } from './entries-list';
import { FiguresCard, FiguresCardSkeleton } from './figures-card';
import { whyMessages as m } from './messages';
import { PointsCard, PointsCardSkeleton } from './points-card';
import { whyAnswer } from './why-answer';

/** «¿Por qué no cobró?» for one member and the month in `?mes=`: the answer first, then its evidence. */
export default function WhyNotPaidPanel({ clientId }: { clientId: string }) {
  const fmt = useFormat();
  const { month, monthStart, setMonth, max } = useMonthParam();
  const why = useQuery(clientsWhyQueries.whyNotPaid(clientId, monthStart));

  return (
    <section aria-labelledby="why-not-paid-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="why-not-paid-title" className="text-lg font-semibold">
          {m.title}
        </h2>
        <MonthPicker value={month} onChange={setMonth} max={max} count={12} label={m.monthLabel} />
      </div>

      {why.isError ? (
        <ErrorState error={why.error} onRetry={() => why.refetch()} retrying={why.isFetching} className="rounded-xl border" />
      ) : !why.data ? (
        <>
          <Skeleton className="h-16 w-full rounded-xl" aria-hidden="true" />
          <div className="grid gap-4 lg:grid-cols-2">
            <PointsCardSkeleton />
            <FiguresCardSkeleton />
          </div>
          <EntriesListSkeleton />
        </>
      ) : (
        <>
          <div className="flex items-start gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4" data-testid="why-answer">
            <MessageCircleQuestion className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <p className="font-medium">
              <span className="sr-only">{m.answerLabel}: </span>
              {whyAnswer(why.data, fmt)}
            </p>
          </div>
          <div className="grid items-start gap-4 lg:grid-cols-2">
            <PointsCard why={why.data} />
            <FiguresCard why={why.data} />
          </div>
          <EntriesList why={why.data} />
        </>
      )}
    </section>
  );
}
