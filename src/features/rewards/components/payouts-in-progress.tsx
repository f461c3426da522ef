// «Mis retiros» beside the balance: the requests on their way (pending, approved), each with where it
// stands and the account it goes to, so a payout in progress is in view without scrolling, on a phone
// too. The whole history, with references and reasons, is further down.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { MyPayout } from '@/api/payouts/payouts-api';
import { payoutsQueries } from '@/api/payouts/payouts-queries';
import { accountLine } from '@/components/payout-account/account-text';
import { PayoutStatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useMemberId } from '@/lib/auth/use-session';
import { useFormat } from '@/lib/format/use-format';
import { rewardsMessages as m } from '../messages';

const SHOWN = 3;

export function PayoutsInProgress() {
  const memberId = useMemberId();
  const payouts = useQuery({ ...payoutsQueries.inProgress(memberId ?? ''), enabled: memberId !== null });
  const rows = payouts.data ?? [];
  return (
    <Card role="region" aria-labelledby="in-progress-title" className="gap-3 py-4" data-testid="payouts-in-progress">
      <CardHeader className="px-4">
        <CardTitle>
          <h2 id="in-progress-title">{m.inProgressTitle}</h2>
        </CardTitle>
        <CardDescription>{m.inProgressDescription}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 px-4">
        {payouts.isError ? (
          <ErrorState error={payouts.error} onRetry={() => payouts.refetch()} retrying={payouts.isFetching} />
        ) : payouts.isPending ? (
          <Skeleton className="h-12 w-full" aria-hidden="true" />
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.inProgressEmpty}</p>
        ) : (
          <ul className="flex flex-col divide-y">
            {rows.slice(0, SHOWN).map((p) => (
              <InProgressItem key={p.id} payout={p} />
            ))}
          </ul>
        )}
        <Link to="#retiros" className="w-fit text-sm font-medium underline-offset-4 hover:underline focus-visible:underline">
          {rows.length > SHOWN ? `${m.toHistory} (${m.inProgressMore(rows.length - SHOWN)})` : m.toHistory}
        </Link>
      </CardContent>
    </Card>
  );
}

function InProgressItem({ payout: p }: { payout: MyPayout }) {
  const f = useFormat();
  return (
    <li className="flex flex-col gap-0.5 py-2 first:pt-0" data-testid="payout-in-progress">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold tabular-nums">{f.money(p.amount)}</span>
        <PayoutStatusBadge status={p.status} />
      </div>
      <p className="text-xs text-muted-foreground">
        {p.status === 'pending' ? m.stepPending : m.stepApproved} · {m.requestedOn(f.date(p.requested_at))}
      </p>
      {p.account && (
        <p className="text-xs text-muted-foreground">
          {m.goesTo} {accountLine({ institution: p.account.institution_name, type: p.account.account_type, number: p.account.account_number })}
        </p>
      )}
      {p.bank_reason && <p className="text-xs font-medium text-amber-700 dark:text-amber-400">{m.bankReturned(p.bank_reason)}</p>}
    </li>
  );
}
