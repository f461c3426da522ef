// The sale under review: what to look at before deciding, in the order an approver reads it
// (alerts first, then who, what, how it was paid, and who earns what), and the decision.
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { SaleWithLines } from '@/api/sales/sales-api';
import { APPROVALS_REFRESH_MS, salesQueries } from '@/api/sales/sales-queries';
import { SaleStatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toDbError } from '@/lib/data/db';
import { PENDING_SALE_STATUSES } from '@/lib/data/domain';
import { useFormat } from '@/lib/format/use-format';
import { approvalMessages as m } from '../messages';
import { waitedFor } from '../queue/age';
import { DecisionActions } from './decision-actions';
import { Callout } from './panel';
import { RewardPreview } from './reward-preview';
import { shortLines } from '../stock';
import { BankReminder, EnrolmentWarnings, FraudSigns, StockShortfall } from './sale-alerts';
import { LinesPanel, PaymentPanel, WhoPanel } from './sale-parts';
import { VoucherAmountNote } from '../voucher/voucher-amount-note';

export interface SaleReviewProps {
  saleId: string;
  /** The queue's copy, shown while the sale's own read arrives. */
  fromQueue: SaleWithLines | undefined;
  linkTo: (id: string) => string;
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
  onDone: (saleId: string) => void;
  /** Move the focus to the heading (the sale was opened by a key or after a decision). */
  focusOnOpen: boolean;
}

const isPending = (status: string) => (PENDING_SALE_STATUSES as readonly string[]).includes(status);

export function SaleReview({ saleId, fromQueue, linkTo, onPrevious, onNext, onDone, focusOnOpen }: SaleReviewProps) {
  const f = useFormat();
  // Another staff member may resolve it meanwhile: the sale refreshes with the queue.
  const detail = useQuery({ ...salesQueries.detail(saleId), placeholderData: fromQueue, refetchInterval: APPROVALS_REFRESH_MS });
  const sale = detail.data;
  const pending = sale ? isPending(sale.status) : false;
  const checks = useQuery({ ...salesQueries.checks(saleId), enabled: pending, refetchInterval: APPROVALS_REFRESH_MS });
  const withVoucher = Boolean(sale?.voucher_path);
  const note = useQuery({ ...salesQueries.voucherNote(saleId), enabled: pending && withVoucher, refetchInterval: APPROVALS_REFRESH_MS });
  const heading = useRef<HTMLHeadingElement>(null);
  // The database's sentence when a decision was refused (another staff member acted first).
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (!focusOnOpen) return;
    // After the dialog that decided the previous sale has given the focus back (Radix does it on a timer).
    const timer = window.setTimeout(() => heading.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [focusOnOpen]);

  const keepRefusal = (error: unknown) => {
    const refused = toDbError(error);
    if (refused.saviaCode === 'invalid_transition') setRefusal(refused.userMessage);
  };

  if (!sale) {
    if (detail.isError) return <ErrorState title={m.detailFailed} error={detail.error} onRetry={() => detail.refetch()} retrying={detail.isFetching} />;
    return <SaleReviewSkeleton />;
  }

  const no = f.count(sale.sale_no);
  const short = shortLines(checks.data).length > 0;

  return (
    <article aria-labelledby="sale-review-title" className="@container space-y-4" data-testid="sale-review">
      <header className="rounded-xl border bg-card p-4 shadow-xs sm:p-5">
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="sale-review-title" ref={heading} tabIndex={-1} className="text-xl font-semibold tracking-tight outline-none">
                {m.itemLabel(sale.kind, no)}
              </h2>
              <SaleStatusBadge status={sale.status} />
            </div>
            <p className="text-sm text-muted-foreground">
              {sale.client?.name ?? m.none} · {m.received(f.dateTime(sale.created_at), waitedFor(sale.created_at))}
            </p>
          </div>
          <div className="flex shrink-0 items-center gap-1">
            <Button variant="outline" size="icon" aria-label={m.previousAria} aria-keyshortcuts="K" disabled={!onPrevious} onClick={() => onPrevious?.()}>
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button variant="outline" size="icon" aria-label={m.nextAria} aria-keyshortcuts="J" disabled={!onNext} onClick={() => onNext?.()}>
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </div>
        <div className="mt-3 flex flex-wrap items-end justify-between gap-3 border-t pt-3">
          <p className="text-sm">
            <span className="text-muted-foreground">{m.total}: </span>
            <span className="text-lg font-semibold tabular-nums">{f.money(sale.total)}</span>
          </p>
          <DecisionActions sale={sale} canDecide={pending} shortStock={short} onDone={onDone} onRefused={(error) => keepRefusal(error)} />
        </div>
      </header>

      {!pending && (
        <Callout tone="info" icon={<CircleCheck aria-hidden="true" />} title={refusal ?? m.notPendingTitle(no, sale.status)} testId="not-pending">
          <p>{m.notPendingHint}</p>
        </Callout>
      )}

      {pending && (
        <div className="space-y-3" aria-live="polite">
          {checks.isError && (
            <ErrorState className="py-4" title={m.checksFailed} error={checks.error} onRetry={() => checks.refetch()} retrying={checks.isFetching} />
          )}
          {checks.data && (
            <>
              <FraudSigns sale={sale} checks={checks.data} note={note.data} linkTo={linkTo} />
              <StockShortfall checks={checks.data} />
              <EnrolmentWarnings checks={checks.data} />
            </>
          )}
          <BankReminder sale={sale} />
        </div>
      )}

      <div className="grid gap-4 @2xl:grid-cols-2">
        <WhoPanel sale={sale} checks={checks.data} />
        <PaymentPanel sale={sale}>{pending && withVoucher && <VoucherAmountNote saleId={sale.id} />}</PaymentPanel>
      </div>
      <LinesPanel sale={sale} checks={pending ? checks.data : undefined} />
      {pending && <RewardPreview saleId={sale.id} />}
    </article>
  );
}

export function SaleReviewSkeleton() {
  return (
    <div className="space-y-4" data-testid="sale-review-skeleton">
      <div className="rounded-xl border bg-card p-5">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="mt-2 h-4 w-72 max-w-full" />
        <div className="mt-4 flex justify-between border-t pt-3">
          <Skeleton className="h-7 w-32" />
          <Skeleton className="h-9 w-48" />
        </div>
      </div>
      <Skeleton className="h-12 w-full rounded-lg" />
      <div className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-48 rounded-xl" />
        <Skeleton className="h-48 rounded-xl" />
      </div>
      <Skeleton className="h-40 rounded-xl" />
    </div>
  );
}
