// One sale (`?venta=<id>`): its member, lines, payment and voucher, history with who and why, the
// rewards it produced with the why of each, and what staff can do with it now.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { salesAdminQueries } from '@/api/sales-admin/sales-admin-queries';
import type { SaleLineDetail } from '@/api/sales/sales-api';
import { salesQueries } from '@/api/sales/sales-queries';
import { BUCKETS } from '@/api/storage/storage-api';
import { storageQueries } from '@/api/storage/storage-queries';
import { SaleStatusBadge } from '@/components/status-badge';
import { ErrorState } from '@/components/ui/error-state';
import { SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { paths, pathTo } from '@/config/paths';
import type { DbError } from '@/lib/db';
import { paymentMethodLabels, saleKindLabels } from '@/lib/domain';
import { useFormat } from '@/lib/use-format';
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

  const { sale: s, member } = detail.data;
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
          <Section title={m.member}>
            <p className="font-medium">{member.name}</p>
            <p className="text-sm break-all text-muted-foreground">
              {member.email}
              {member.document_number ? ` · ${member.document_number}` : ''}
            </p>
            <Link to={pathTo(paths.clientDetail, { id: member.id })} className="text-sm text-primary underline-offset-4 hover:underline">
              {m.openMember}
            </Link>
          </Section>

          <Section title={m.lines}>
            <Lines query={lines} />
            <dl className="mt-3 flex flex-col gap-1 border-t pt-3">
              <div className="flex items-baseline justify-between">
                <dt className="font-medium">{m.total}</dt>
                <dd className="text-lg font-semibold tabular-nums" data-testid="sale-total">
                  {f.money(s.total)}
                </dd>
              </div>
              <div className="flex items-baseline justify-between text-sm text-muted-foreground">
                <dt>{m.points}</dt>
                <dd className="tabular-nums">{f.points(s.points_total)}</dd>
              </div>
            </dl>
          </Section>

          <Section title={m.payment}>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
              <dt className="text-muted-foreground">{m.method}</dt>
              <dd>{s.payment_method ? paymentMethodLabels[s.payment_method] : m.none}</dd>
              <dt className="text-muted-foreground">{m.reference}</dt>
              <dd className="break-all">{s.payment_reference ?? m.none}</dd>
              <dt className="text-muted-foreground">{m.voucherLabel}</dt>
              <dd>{s.voucher_path ? <Voucher path={s.voucher_path} saleNo={s.sale_no} /> : m.noVoucher}</dd>
            </dl>
          </Section>

          {(s.delivery_address || s.notes) && (
            <Section title={m.delivery}>
              {s.delivery_address && <p className="text-sm">{s.delivery_address}</p>}
              {s.notes && <p className="mt-1 text-sm whitespace-pre-line text-muted-foreground">{s.notes}</p>}
            </Section>
          )}

          <Section title={m.timeline}>
            <SaleTimeline detail={detail.data} />
          </Section>

          <Section title={m.entries}>
            <SaleEntries detail={detail.data} />
          </Section>
        </div>
      </div>
      <SaleActions detail={detail.data} lines={lines.data} />
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-2 text-sm font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      {children}
    </section>
  );
}

function Lines({ query }: { query: UseQueryResult<SaleLineDetail[], DbError> }) {
  const f = useFormat();
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (query.isError) return <ErrorState className="py-4" error={query.error} onRetry={query.refetch} retrying={query.isFetching} />;
  return (
    <ul className="flex flex-col divide-y" aria-label={m.lines}>
      {query.data.map((l) => (
        <li key={l.product_id} className="flex items-start justify-between gap-3 py-2 first:pt-0">
          <div className="min-w-0">
            <p className="font-medium">{l.name}</p>
            <p className="text-xs text-muted-foreground tabular-nums">
              {f.count(l.quantity)} × {f.money(l.unit_price)} · {m.pointsUnit(f.points(l.line_points))}
            </p>
            {!l.is_active && <p className="text-xs text-tone-amber-foreground">{m.retired}</p>}
          </div>
          <p className="shrink-0 text-sm font-medium tabular-nums">{f.money(l.line_total)}</p>
        </li>
      ))}
    </ul>
  );
}

const IMAGE_PATH = /\.(jpe?g|png|webp)$/i;

/** The voucher through a short-lived signed link: a thumbnail for a photo, a link for a PDF. */
function Voucher({ path, saleNo }: { path: string; saleNo: number }) {
  const url = useQuery(storageQueries.signedUrl(BUCKETS.vouchers, path));
  if (url.isPending) return <Skeleton className="h-16 w-24" />;
  if (url.isError) return <span className="text-tone-red-foreground">{m.voucherFailed}</span>;
  const label = m.voucherOf(String(saleNo));
  return (
    <a href={url.data} target="_blank" rel="noreferrer" className="inline-flex items-center gap-2 text-primary underline-offset-4 hover:underline">
      {IMAGE_PATH.test(path) ? <img src={url.data} alt={label} className="h-16 max-w-24 rounded-md border object-cover" /> : <FileText className="size-5" aria-hidden="true" />}
      <span>{m.viewVoucher}</span>
    </a>
  );
}

