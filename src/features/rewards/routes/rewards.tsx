import { useQuery } from '@tanstack/react-query';
import { rewardsQueries } from '@/api/rewards/rewards-queries';
import { PageHeader } from '@/components/page-header';
import { ErrorState } from '@/components/ui/error-state';
import { paths, routeLabel } from '@/config/paths';
import { useFormat } from '@/lib/format/use-format';
import { BalanceSummary, BalanceSummarySkeleton } from '../components/balance-summary';
import { LedgerSection } from '../components/ledger-section';
import { MyPayouts } from '../components/my-payouts';
import { PayoutsInProgress } from '../components/payouts-in-progress';
import { RequestPayoutDialog } from '../components/request-payout-dialog';
import { useRewardsSearch } from '../rewards-search';

/** Mis Recompensas: the balances, every entry with its why, and the payouts asked and paid. */
export default function RewardsPage() {
  const fmt = useFormat();
  const [search, setSearch] = useRewardsSearch();
  const balance = useQuery(rewardsQueries.balance(null));
  return (
    <>
      <PageHeader title={routeLabel(paths.rewards)}>{balance.data && <RequestPayoutDialog balance={balance.data} />}</PageHeader>
      <div className="flex flex-col gap-6">
        {/* The balance and the payouts on their way side by side (one above the other on a phone): both in view on arrival. */}
        <div className="grid gap-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          {balance.isError ? (
            <ErrorState error={balance.error} onRetry={() => balance.refetch()} retrying={balance.isFetching} className="rounded-xl border" />
          ) : balance.data ? (
            <BalanceSummary balance={balance.data} currentMonth={fmt.businessMonth()} />
          ) : (
            <BalanceSummarySkeleton />
          )}
          <PayoutsInProgress />
        </div>
        <LedgerSection search={search} setSearch={setSearch} />
        <MyPayouts page={search.retiros} onPageChange={(retiros) => setSearch({ retiros })} />
      </div>
    </>
  );
}
