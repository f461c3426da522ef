import { useQuery } from '@tanstack/react-query';
import { ShoppingBasket, UserPlus } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { membersQueries } from '@/api/members/members-queries';
import { rewardsQueries } from '@/api/rewards/rewards-queries';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { MonthPicker } from '@/components/ui/month-picker';
import { Skeleton } from '@/components/ui/skeleton';
import { paths, routeLabel } from '@/config/paths';
import { displayName } from '@/lib/auth/load-user';
import { useSession } from '@/lib/auth/use-session';
import { formatMonth } from '@/lib/format/format';
import { useMonthParam } from '@/lib/url/month-param';
import { ActivityCard, ActivityCardSkeleton, AtRiskAlert } from '../components/activity-card';
import { BalancesCard, BalancesCardSkeleton } from '../components/balances-card';
import { LeadsCardSkeleton } from '../components/leads-skeleton';
import { LevelCard, LevelCardSkeleton } from '../components/level-card';
import { PublicPageCard } from '../components/public-page-card';
import { PayoutAccountCard } from '../payout-account/payout-account-card';
import { accountMessages as m } from '../messages';

const LeadsCard = lazy(() => import('../components/leads-card'));
const EmailPreferencesCard = lazy(() => import('../components/email-preferences-card'));

/** «¿Cómo voy?»: the member's month at a glance, their balances, their public page and its contacts. */
export default function AccountPage() {
  const { user } = useSession();
  const profile = user?.clientProfile ?? null;
  const { month, monthStart, setMonth, max } = useMonthParam();
  // The open month is asked as «the current one», so the key stays the same across midnight.
  const memberMonth = useQuery(membersQueries.month({ clientId: null, month: month === max ? null : monthStart }));
  const balance = useQuery(rewardsQueries.balance(null));

  return (
    <>
      <PageHeader title={routeLabel(paths.account)}>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to={paths.placeOrder}>
              <ShoppingBasket aria-hidden="true" />
              {m.placeOrder}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.enrol}>
              <UserPlus aria-hidden="true" />
              {m.enrol}
            </Link>
          </Button>
        </div>
      </PageHeader>

      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground">{user ? m.greeting(displayName(user), formatMonth(month), month === max) : null}</p>
        <MonthPicker value={month} onChange={setMonth} max={max} count={12} label={m.monthLabel} />
      </div>

      <div className="flex flex-col gap-6">
        {memberMonth.isError ? (
          <ErrorState error={memberMonth.error} onRetry={() => memberMonth.refetch()} retrying={memberMonth.isFetching} className="rounded-xl border" />
        ) : (
          <>
            {memberMonth.data && <AtRiskAlert month={memberMonth.data} />}
            <div className="grid gap-6 lg:grid-cols-2">
              {memberMonth.data ? <ActivityCard month={memberMonth.data} /> : <ActivityCardSkeleton />}
              {memberMonth.data ? <LevelCard month={memberMonth.data} /> : <LevelCardSkeleton />}
            </div>
          </>
        )}

        <div className="grid gap-6 lg:grid-cols-2">
          {balance.isError ? (
            <ErrorState error={balance.error} onRetry={() => balance.refetch()} retrying={balance.isFetching} className="rounded-xl border" />
          ) : balance.data ? (
            <BalancesCard balance={balance.data} currentMonth={max} />
          ) : (
            <BalancesCardSkeleton />
          )}
          <PublicPageCard slug={profile?.slug ?? null} />
        </div>

        {profile && <PayoutAccountCard defaults={{ holderName: profile.name, document: profile.document_number }} />}

        {profile && (
          <Suspense fallback={<LeadsCardSkeleton />}>
            <LeadsCard clientId={profile.id} hasPage={!!profile.slug} />
          </Suspense>
        )}

        <Suspense fallback={<Skeleton className="h-64 w-full rounded-xl" />}>
          <EmailPreferencesCard />
        </Suspense>
      </div>
    </>
  );
}
