import { useQuery } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import type { MyPayout } from '@/api/payouts/payouts-api';
import { payoutReference } from '@/api/payouts/payouts-api';
import { accountLine } from '@/components/payout-account/account-text';
import { payoutsQueries } from '@/api/payouts/payouts-queries';
import { PayoutStatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { useMemberId } from '@/lib/auth/use-session';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { rewardsMessages as m } from '../messages';

export const PAYOUTS_PAGE_SIZE = 5;

/** The member's payout requests, newest first, each with its state, dates and reference or reason. */
export function MyPayouts({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const memberId = useMemberId();
  const payouts = useQuery({ ...payoutsQueries.mine({ clientId: memberId ?? '', page, pageSize: PAYOUTS_PAGE_SIZE }), enabled: memberId !== null });
  return (
    <Card id="retiros" role="region" aria-labelledby="payouts-title" className="scroll-mt-20">
      <CardHeader className="pb-2">
        <CardTitle>
          <h2 id="payouts-title">{m.payoutsTitle}</h2>
        </CardTitle>
        <CardDescription>{m.payoutsDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {payouts.isPending ? (
          <PayoutsSkeleton />
        ) : payouts.isError ? (
          <ErrorState error={payouts.error} onRetry={() => payouts.refetch()} retrying={payouts.isFetching} />
        ) : payouts.data.rows.length === 0 ? (
          <EmptyState icon={Wallet} title={m.payoutsEmpty} description={m.payoutsEmptyHint} />
        ) : (
          <>
            <ul className={cn('divide-y', payouts.isPlaceholderData && 'opacity-60')}>
              {payouts.data.rows.map((p) => (
                <PayoutItem key={p.id} payout={p} />
              ))}
            </ul>
            {payouts.data.total > PAYOUTS_PAGE_SIZE && (
              <Pagination
                page={page}
                pageSize={PAYOUTS_PAGE_SIZE}
                pageSizes={[PAYOUTS_PAGE_SIZE]}
                total={payouts.data.total}
                onPageChange={onPageChange}
                onPageSizeChange={() => onPageChange(1)}
              />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function PayoutItem({ payout: p }: { payout: MyPayout }) {
  const fmt = useFormat();
  const dates = [m.requestedOn(fmt.dateTime(p.requested_at))];
  if (p.decided_at && p.status !== 'pending')
    dates.push(p.status === 'rejected' ? m.rejectedOn(fmt.dateTime(p.decided_at)) : m.approvedOn(fmt.dateTime(p.decided_at)));
  if (p.paid_at) dates.push(m.paidOn(fmt.dateTime(p.paid_at)));
  return (
    <li className="flex flex-col gap-2 py-4 sm:flex-row sm:items-start sm:justify-between sm:gap-6" data-testid="payout">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-lg font-semibold tabular-nums">{fmt.money(p.amount)}</span>
          <PayoutStatusBadge status={p.status} />
        </div>
        <p className="text-xs text-muted-foreground">{dates.join(' · ')}</p>
        {p.payment_reference && (
          <p className="text-sm">
            <span className="text-muted-foreground">{m.reference}: </span>
            <span className="font-medium break-all">{p.payment_reference}</span>
          </p>
        )}
        {p.rejection_reason && (
          <p className="text-sm">
            <span className="text-muted-foreground">{m.rejectionReason}: </span>
            {p.rejection_reason}
          </p>
        )}
        {p.bank_reason && <p className="text-sm font-medium text-amber-700 dark:text-amber-400">{m.bankReturned(p.bank_reason)}</p>}
      </div>
      <div className="flex flex-col gap-0.5 text-sm text-muted-foreground sm:max-w-xs sm:text-right">
        <span className="text-xs">{payoutReference(p.number)}</span>
        {p.account ? (
          <span className="break-words">
            {p.status === 'paid' ? m.wentTo : m.goesTo}{' '}
            {accountLine({ institution: p.account.institution_name, type: p.account.account_type, number: p.account.account_number })}
          </span>
        ) : (
          p.payment_details && (
            <span className="break-words">
              <span className="sr-only">{m.paymentDetails}: </span>
              {p.payment_details}
            </span>
          )
        )}
      </div>
    </li>
  );
}

function PayoutsSkeleton() {
  return (
    <ul className="divide-y" aria-hidden="true">
      {[0, 1].map((i) => (
        <li key={i} className="flex flex-col gap-2 py-4">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-3 w-64 max-w-full" />
        </li>
      ))}
    </ul>
  );
}
