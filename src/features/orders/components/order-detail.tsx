// One order, opened from the list (`?pedido=<id>`): lines, payment and voucher, delivery, the
// timeline, what it earned the member, and what they can do with it. Loaded with the sheet that
// shows it (order-detail-sheet.tsx), not with the list.
import { useQuery } from '@tanstack/react-query';
import type { Sale } from '@/api/sales/sales-api';
import { salesQueries } from '@/api/sales/sales-queries';
import { DetailSection } from '@/components/sale/detail-section';
import { SaleLines, SaleTotals } from '@/components/sale/sale-lines';
import { SalePayment } from '@/components/sale/sale-payment';
import { SaleStatusBadge } from '@/components/status-badge';
import { ErrorState } from '@/components/ui/error-state';
import { SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import type { ClientProfile } from '@/lib/auth/types';
import { ledgerTypeLabels, PENDING_SALE_STATUSES, saleKindLabels } from '@/lib/data/domain';
import { useFormat } from '@/lib/format/use-format';
import { orderMessages as m } from '../messages';
import { OrderActions } from './order-actions';
import { OrderDetailSkeleton } from './order-detail-skeleton';
import { OrderTimeline } from './order-timeline';

export function OrderDetail({ saleId, member }: { saleId: string; member: ClientProfile }) {
  const f = useFormat();
  const sale = useQuery(salesQueries.detail(saleId));
  const lines = useQuery(salesQueries.lines(saleId));

  if (sale.isPending) return <OrderDetailSkeleton />;
  if (sale.isError) {
    return (
      <div className="p-6">
        <SheetTitle className="sr-only">{m.detailFailed}</SheetTitle>
        <ErrorState title={m.detailFailed} error={sale.error} onRetry={sale.refetch} retrying={sale.isFetching} />
      </div>
    );
  }

  const s = sale.data;
  return (
    <>
      <div className="border-b px-6 pt-5 pb-4 pr-14">
        <SheetTitle className="text-lg font-semibold">{m.detailTitle(saleKindLabels[s.kind], String(s.sale_no))}</SheetTitle>
        <SheetDescription className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <SaleStatusBadge status={s.status} />
          <span>{f.dateTime(s.created_at)}</span>
        </SheetDescription>
      </div>
      {/* Focusable, so the keyboard can scroll a long order too. */}
      <div
        className="flex-1 overflow-y-auto px-6 py-5 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
        tabIndex={0}
        role="region"
        aria-label={m.detailRegion}
      >
        <div className="flex flex-col gap-6">
          <DetailSection title={m.lines}>
            <SaleLines query={lines} words={m} />
            <SaleTotals total={s.total} points={s.points_total} words={m} />
          </DetailSection>

          <DetailSection title={m.payment}>
            {/* An enrolment's voucher is in the folder of the member who enrolled this one. */}
            <SalePayment sale={s} words={m} voucherNote={s.voucher_path?.startsWith(`${member.id}/`) === false ? m.voucherByEnroller : undefined} />
          </DetailSection>

          {(s.delivery_address || s.notes) && (
            <DetailSection title={m.delivery}>
              {s.delivery_address && <p className="text-sm">{s.delivery_address}</p>}
              {s.notes && <p className="mt-1 text-sm whitespace-pre-line text-muted-foreground">{s.notes}</p>}
            </DetailSection>
          )}

          <DetailSection title={m.timeline}>
            <OrderTimeline sale={s} />
          </DetailSection>

          <DetailSection title={m.earned}>
            <Earned sale={s} />
          </DetailSection>
        </div>
      </div>
      <OrderActions sale={s} lines={lines.data} member={member} />
    </>
  );
}

function Earned({ sale }: { sale: Sale }) {
  const f = useFormat();
  const entries = useQuery(salesQueries.entries(sale.id));
  if ((PENDING_SALE_STATUSES as readonly string[]).includes(sale.status)) return <p className="text-sm text-muted-foreground">{m.earnedNothingYet}</p>;
  if (entries.isPending) return <Skeleton className="h-12 w-full" />;
  if (entries.isError)
    return <ErrorState className="py-4" title={m.earnedFailed} error={entries.error} onRetry={entries.refetch} retrying={entries.isFetching} />;
  if (entries.data.length === 0) return <p className="text-sm text-muted-foreground">{m.earnedNothing}</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label={m.earned}>
      {entries.data.map((e) => (
        <li key={e.id} className="rounded-md border px-3 py-2 text-sm">
          <div className="flex items-baseline justify-between gap-3">
            <p className="font-medium">{ledgerTypeLabels[e.type]}</p>
            <p className="shrink-0 tabular-nums">
              {e.points !== 0 && <span>{m.pointsUnit(f.points(e.points))}</span>}
              {e.points !== 0 && Number(e.amount) !== 0 && ' · '}
              {Number(e.amount) !== 0 && <span>{f.money(e.amount)}</span>}
            </p>
          </div>
          <p className="text-xs text-muted-foreground">{e.rule}</p>
        </li>
      ))}
    </ul>
  );
}
