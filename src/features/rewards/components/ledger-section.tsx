import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { FilterX, ReceiptText } from 'lucide-react';
import { useId, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { LedgerEntry, LedgerMonth } from '@/api/rewards/rewards-api';
import { rewardsQueries } from '@/api/rewards/rewards-queries';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { LEDGER_TYPES, ledgerTypeLabels, oneOf } from '@/lib/data/domain';
import { formatMonth, monthKey, monthStart } from '@/lib/format/format';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { ExportButtons } from '@/components/export/export-buttons';
import { formatName } from '@/components/export/export-format';
import type { WhyContext } from '@/components/ledger/ledger-why';
import { ledgerExport, ledgerFileBase } from '../ledger-csv';
import { rewardsMessages as m } from '../messages';
import type { RewardsSearch, SetRewardsSearch } from '../rewards-search';
import { LedgerEntryItem } from '@/components/ledger/ledger-entry';

const PAGE_SIZE = 25;

interface MonthGroup {
  month: string;
  entries: LedgerEntry[];
}

/** Consecutive entries of the same month (the ledger comes newest month first). */
function byMonth(entries: LedgerEntry[]): MonthGroup[] {
  const groups: MonthGroup[] = [];
  for (const e of entries) {
    const last = groups.at(-1);
    if (last?.month === e.period_month) last.entries.push(e);
    else groups.push({ month: e.period_month, entries: [e] });
  }
  return groups;
}

/** The ledger grouped by month, filtered by month and type in the URL, page after page. */
export function LedgerSection({ search, setSearch }: { search: RewardsSearch; setSearch: SetRewardsSearch }) {
  const fmt = useFormat();
  const months = useQuery(rewardsQueries.months(null));
  const params = { clientId: null, month: search.mes ? monthStart(search.mes) : null, types: search.tipo ? [search.tipo] : null };
  const ledger = useInfiniteQuery(rewardsQueries.ledger({ ...params, pageSize: PAGE_SIZE }));
  const monthMap = useMemo(() => new Map((months.data ?? []).map((row) => [row.month, row])), [months.data]);
  const ctx = useMemo(() => ({ fmt, monthOf: (month: string) => monthMap.get(month) }) satisfies WhyContext, [fmt, monthMap]);
  const groups = useMemo(() => byMonth(ledger.data?.pages.flatMap((p) => p.entries) ?? []), [ledger.data]);
  const filtered = !!(search.mes || search.tipo);

  return (
    <Card aria-labelledby="ledger-title" role="region">
      <CardHeader className="gap-4 px-4 sm:px-6">
        <div className="flex flex-col gap-1.5">
          <CardTitle>
            <h2 id="ledger-title">{m.ledgerTitle}</h2>
          </CardTitle>
          <CardDescription>{m.ledgerDescription}</CardDescription>
        </div>
        <Filters search={search} setSearch={setSearch} months={months.data ?? []} filtered={filtered}>
          <ExportButtons
            disabled={!groups.length}
            build={(format) => ledgerExport(format, params, ctx)}
            fileBase={ledgerFileBase(search.mes, search.tipo)}
            done={(_, format) => m.exported(formatName(format))}
          />
        </Filters>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {ledger.isPending ? (
          <LedgerSkeleton />
        ) : ledger.isError && !ledger.data ? (
          <ErrorState error={ledger.error} onRetry={() => ledger.refetch()} retrying={ledger.isFetching} />
        ) : groups.length === 0 ? (
          filtered ? (
            <EmptyState
              icon={FilterX}
              title={m.ledgerFilteredEmpty}
              description={m.ledgerFilteredEmptyHint}
              action={
                <Button variant="outline" onClick={() => setSearch({ mes: undefined, tipo: undefined })}>
                  {m.clearFilters}
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={ReceiptText}
              title={m.ledgerEmpty}
              description={m.ledgerEmptyHint}
              action={
                <Button asChild>
                  <Link to={paths.placeOrder}>{m.placeOrder}</Link>
                </Button>
              }
            />
          )
        ) : (
          <div className={cn('flex flex-col gap-6', ledger.isFetching && !ledger.isFetchingNextPage && 'opacity-60')}>
            {groups.map((group) => (
              <MonthBlock key={group.month} group={group} figures={monthMap.get(group.month)} ctx={ctx} />
            ))}
            {ledger.isError && <ErrorState error={ledger.error} onRetry={() => ledger.fetchNextPage()} retrying={ledger.isFetchingNextPage} />}
            {ledger.hasNextPage && (
              <Button variant="outline" className="self-center" onClick={() => void ledger.fetchNextPage()} disabled={ledger.isFetchingNextPage}>
                {ledger.isFetchingNextPage ? m.loadingMore : m.loadMore}
              </Button>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function Filters({
  search,
  setSearch,
  months,
  filtered,
  children,
}: {
  search: RewardsSearch;
  setSearch: SetRewardsSearch;
  months: LedgerMonth[];
  filtered: boolean;
  children: ReactNode;
}) {
  const monthId = useId();
  const typeId = useId();
  const monthKeys = months.map((row) => monthKey(row.month));
  if (search.mes && !monthKeys.includes(search.mes)) monthKeys.push(search.mes);
  return (
    <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={monthId} className="text-sm font-medium">
          {m.monthFilter}
        </label>
        <NativeSelect id={monthId} wrapperClassName="w-full sm:w-52" value={search.mes ?? ''} onChange={(e) => setSearch({ mes: e.target.value || undefined })}>
          <option value="">{m.allMonths}</option>
          {monthKeys.map((key) => (
            <option key={key} value={key}>
              {formatMonth(key)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={typeId} className="text-sm font-medium">
          {m.typeFilter}
        </label>
        <NativeSelect
          id={typeId}
          wrapperClassName="w-full sm:w-64"
          value={search.tipo ?? ''}
          onChange={(e) => setSearch({ tipo: e.target.value ? oneOf(LEDGER_TYPES, e.target.value) : undefined })}
        >
          <option value="">{m.allTypes}</option>
          {LEDGER_TYPES.map((type) => (
            <option key={type} value={type}>
              {ledgerTypeLabels[type]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {filtered && (
        <Button variant="ghost" className="justify-self-start" onClick={() => setSearch({ mes: undefined, tipo: undefined })}>
          <FilterX aria-hidden="true" />
          {m.clearFilters}
        </Button>
      )}
      <div className="sm:ml-auto">{children}</div>
    </div>
  );
}

/** A month's heading with its totals (the whole month, whatever the type filter) and its entries. */
function MonthBlock({ group, figures, ctx }: { group: MonthGroup; figures: LedgerMonth | undefined; ctx: WhyContext }) {
  const fmt = useFormat();
  const headingId = `ledger-month-${group.month}`;
  return (
    <section aria-labelledby={headingId} data-testid="ledger-month" data-month={group.month.slice(0, 7)}>
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 border-b pb-3">
        <div className="flex items-center gap-2">
          <h3 id={headingId} className="text-base font-semibold whitespace-nowrap first-letter:uppercase">
            {formatMonth(group.month)}
          </h3>
          {figures && <Badge tone={figures.closed ? 'gray' : 'blue'}>{figures.closed ? m.closed : m.open}</Badge>}
        </div>
        {figures && (
          <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm" title={m.monthTotalsNote} data-testid="ledger-month-totals">
            <div className="flex gap-1.5">
              <dt className="text-muted-foreground">{m.monthIncome}</dt>
              <dd className="font-medium tabular-nums">{fmt.money(figures.income)}</dd>
            </div>
            <div className="flex gap-1.5">
              <dt className="text-muted-foreground">{m.monthPoints}</dt>
              <dd className="font-medium tabular-nums">{m.monthPointsOf(fmt.points(figures.personal_points), fmt.points(figures.activity_points))}</dd>
            </div>
            {figures.forfeited > 0 && (
              <div className="flex gap-1.5">
                <dt className="text-muted-foreground">{m.monthForfeited}</dt>
                <dd className="font-medium text-tone-red-foreground tabular-nums">{fmt.money(figures.forfeited)}</dd>
              </div>
            )}
            {figures.closed && figures.was_active !== null && (
              <div>
                <dt className="sr-only">{m.monthActivity}</dt>
                <dd className="text-muted-foreground">{figures.was_active ? m.monthActive : m.monthInactive}</dd>
              </div>
            )}
          </dl>
        )}
      </div>
      <ul className="divide-y">
        {group.entries.map((e) => (
          <LedgerEntryItem key={e.id} entry={e} ctx={ctx} />
        ))}
      </ul>
    </section>
  );
}

function LedgerSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-hidden="true">
      <Skeleton className="h-5 w-40" />
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex items-start justify-between gap-6 border-t py-4">
          <div className="flex w-full flex-col gap-2">
            <Skeleton className="h-4 w-48" />
            <Skeleton className="h-4 w-full max-w-xl" />
          </div>
          <Skeleton className="h-5 w-20" />
        </div>
      ))}
    </div>
  );
}
