// One sale (`?venta=<id>`): its member, lines, payment and voucher, history with who and why, the
// rewards it produced with the why of each, and what staff can do with it now.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';

import { salesAdminQueries } from '@/api/sales-admin/sales-admin-queries';
import { salesQueries } from '@/api/sales/sales-queries';
import { DetailSection } from '@/components/sale/detail-section';
import { SaleLines, SaleTotals } from '@/components/sale/sale-lines';
import { SalePayment } from '@/components/sale/sale-payment';
import { SaleStatusBadge } from '@/components/status-badge';
import { ErrorState } from '@/components/ui/error-state';
import { SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { paths, pathTo } from '@/config/paths';
import { saleKindLabels } from '@/lib/data/domain';
import { useFormat } from '@/lib/format/use-format';
import { m } from '../messages';
import { SaleActions } from './sale-actions';
import { SaleDetailSkeleton } from './sale-detail-skeleton';
import { SaleEntries } from './sale-entries';
import { SaleTimeline } from './sale-timeline';

export function SaleDetail({ saleId }: { saleId: string }) {
  const f = useFormat();
  const detail = useQuery(salesAdminQueries.detail(saleId));
  const lines = useQuery(salesQueries.lines(saleId));

  if (detail.isPending) return <SaleDetailSkeleton />;
  if (detail.isError) {
    return (
      <div className="p-6">
        <SheetTitle className="sr-only">{m.detailFailed}</SheetTitle>
        <ErrorState title={m.detailFailed} error={detail.error} onRetry={detail.refetch} retrying={detail.isFetching} />
      </div>
    );
  }

  const { sale: s, member, walk_in_buyer: walkIn } = detail.data;
  return (
    <>
      <div className="border-b px-6 pt-5 pr-14 pb-4">
        <SheetTitle className="text-lg font-semibold">{m.detailTitle(saleKindLabels[s.kind], String(s.sale_no))}</SheetTitle>
        <SheetDescription className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <SaleStatusBadge status={s.status} />
          <span>{f.dateTime(s.created_at)}</span>
        </SheetDescription>
      </div>
      {/* Focusable, so the keyboard can scroll a long sale too. */}
      <div
        className="flex-1 overflow-y-auto px-6 py-5 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
        tabIndex={0}
        role="region"
        aria-label={m.detailRegion}
      >
        <div className="flex flex-col gap-6">
          {member ? (
            <DetailSection title={m.member}>
              <p className="font-medium">{member.name}</p>
              <p className="text-sm break-all text-muted-foreground">
                {member.email}
                {member.document_number ? ` · ${member.document_number}` : ''}
              </p>
              <Link to={pathTo(paths.clientDetail, { id: member.id })} className="text-sm text-primary underline-offset-4 hover:underline">
                {m.openMember}
              </Link>
            </DetailSection>
          ) : (
            walkIn && (
              // A walk-in buyer has no member record to open: who bought, as staff wrote it.
              <DetailSection title={m.walkInBuyer}>
                <p className="font-medium" data-testid="walk-in-buyer">
                  {walkIn.name}
                </p>
                <p className="text-sm text-muted-foreground">{m.walkIn}</p>
                {(walkIn.document_number || walkIn.phone || walkIn.email) && (
                  <p className="text-sm break-all text-muted-foreground">{[walkIn.document_number, walkIn.phone, walkIn.email].filter(Boolean).join(' · ')}</p>
                )}
              </DetailSection>
            )
          )}

          <DetailSection title={m.lines}>
            <SaleLines query={lines} words={m} />
            <SaleTotals total={s.total} points={s.points_total} words={m} totalTestId="sale-total" />
          </DetailSection>

          <DetailSection title={m.payment}>
            <SalePayment sale={s} words={m} />
          </DetailSection>

          {(s.delivery_address || s.notes) && (
            <DetailSection title={m.delivery}>
              {s.delivery_address && <p className="text-sm">{s.delivery_address}</p>}
              {s.notes && <p className="mt-1 text-sm whitespace-pre-line text-muted-foreground">{s.notes}</p>}
            </DetailSection>
          )}

          <DetailSection title={m.timeline}>
            <SaleTimeline detail={detail.data} />
          </DetailSection>

          <DetailSection title={m.entries}>
            <SaleEntries detail={detail.data} />
          </DetailSection>
        </div>
      </div>
      <SaleActions detail={detail.data} lines={lines.data} />
    </>
  );
}
