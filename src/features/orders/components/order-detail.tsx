// One order, opened from the list (`?pedido=<id>`): lines, payment and voucher, delivery, the
// timeline, what it earned the member, and what they can do with it. Loaded with the sheet that
// shows it (order-detail-sheet.tsx), not with the list.
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import type { ReactNode } from "react";
import type { Sale, SaleLineDetail } from "@/api/sales/sales-api";
import { salesQueries } from "@/api/sales/sales-queries";
import { BUCKETS } from "@/api/storage/storage-api";
import { storageQueries } from "@/api/storage/storage-queries";
import { SaleStatusBadge } from "@/components/status-badge";
import { ErrorState } from "@/components/ui/error-state";
import { SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import type { ClientProfile } from "@/lib/auth/types";
import type { DbError } from "@/lib/db";
import {
  ledgerTypeLabels,
  paymentMethodLabels,
  PENDING_SALE_STATUSES,
  saleKindLabels,
} from "@/lib/domain";
import { useFormat } from "@/lib/use-format";
import { orderMessages as m } from "../messages";
import { OrderActions } from "./order-actions";
import { OrderDetailSkeleton } from "./order-detail-skeleton";
import { OrderTimeline } from "./order-timeline";

export function OrderDetail({
  saleId,
  member,
}: {
  saleId: string;
  member: ClientProfile;
}) {
  const f = useFormat();
  const sale = useQuery(salesQueries.detail(saleId));
  const lines = useQuery(salesQueries.lines(saleId));

  if (sale.isPending) return <OrderDetailSkeleton />;
  if (sale.isError) {
    return (
      <div className="p-6">
        <SheetTitle className="sr-only">{m.detailFailed}</SheetTitle>
        <ErrorState
          title={m.detailFailed}
          error={sale.error}
          onRetry={sale.refetch}
          retrying={sale.isFetching}
        />
      </div>
    );
  }

  const s = sale.data;
  return (
    <>
      <div className="border-b px-6 pt-5 pb-4 pr-14">
        <SheetTitle className="text-lg font-semibold">
          {m.detailTitle(saleKindLabels[s.kind], String(s.sale_no))}
        </SheetTitle>
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
          <Section title={m.lines}>
            <Lines query={lines} />
            <dl className="mt-3 flex flex-col gap-1 border-t pt-3">
              <div className="flex items-baseline justify-between">
                <dt className="font-medium">{m.total}</dt>
                <dd className="text-lg font-semibold tabular-nums">
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
              <dd>
                {s.payment_method
                  ? paymentMethodLabels[s.payment_method]
                  : m.none}
              </dd>
              <dt className="text-muted-foreground">{m.reference}</dt>
              <dd className="break-all">{s.payment_reference ?? m.none}</dd>
              <dt className="text-muted-foreground">{m.voucherLabel}</dt>
              <dd>
                {s.voucher_path ? (
                  <Voucher path={s.voucher_path} saleNo={s.sale_no} />
                ) : (
                  m.noVoucher
                )}
              </dd>
            </dl>
          </Section>

          {(s.delivery_address || s.notes) && (
            <Section title={m.delivery}>
              {s.delivery_address && (
                <p className="text-sm">{s.delivery_address}</p>
              )}
              {s.notes && (
                <p className="mt-1 text-sm whitespace-pre-line text-muted-foreground">
                  {s.notes}
                </p>
              )}
            </Section>
          )}

          <Section title={m.timeline}>
            <OrderTimeline sale={s} />
          </Section>

          <Section title={m.earned}>
            <Earned sale={s} />
          </Section>
        </div>
      </div>
      <OrderActions sale={s} lines={lines.data} member={member} />
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-2 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Lines({
  query,
}: {
  query: UseQueryResult<SaleLineDetail[], DbError>;
}) {
  const f = useFormat();
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (query.isError)
    return (
      <ErrorState
        className="py-4"
        error={query.error}
        onRetry={query.refetch}
        retrying={query.isFetching}
      />
    );
  return (
    <ul className="flex flex-col divide-y" aria-label={m.lines}>
      {query.data.map((l) => (
        <li
          key={l.product_id}
          className="flex items-start justify-between gap-3 py-2 first:pt-0"
        >
          <div className="min-w-0">
            <p className="font-medium">{l.name}</p>
            <p className="text-xs text-muted-foreground tabular-nums">
              {f.count(l.quantity)} × {f.money(l.unit_price)} ·{" "}
              {m.pointsUnit(f.points(l.line_points))}
            </p>
            {!l.is_active && (
              <p className="text-xs text-tone-amber-foreground">{m.retired}</p>
            )}
          </div>
          <p className="shrink-0 text-sm font-medium tabular-nums">
            {f.money(l.line_total)}
          </p>
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
  if (url.isError)
    return <span className="text-tone-red-foreground">{m.voucherFailed}</span>;
  const label = m.voucherOf(String(saleNo));
  return (
    <a
      href={url.data}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-2 text-primary underline-offset-4 hover:underline"
    >
      {IMAGE_PATH.test(path) ? (
        <img
          src={url.data}
          alt={label}
          className="h-16 max-w-24 rounded-md border object-cover"
        />
      ) : (
        <FileText className="size-5" aria-hidden="true" />
      )}
      <span>{m.viewVoucher}</span>
    </a>
  );
}

function Earned({ sale }: { sale: Sale }) {
  const f = useFormat();
  const entries = useQuery(salesQueries.entries(sale.id));
  if ((PENDING_SALE_STATUSES as readonly string[]).includes(sale.status))
    return (
      <p className="text-sm text-muted-foreground">{m.earnedNothingYet}</p>
    );
  if (entries.isPending) return <Skeleton className="h-12 w-full" />;
  if (entries.isError)
    return (
      <ErrorState
        className="py-4"
        title={m.earnedFailed}
        error={entries.error}
        onRetry={entries.refetch}
        retrying={entries.isFetching}
      />
    );
  if (entries.data.length === 0)
    return <p className="text-sm text-muted-foreground">{m.earnedNothing}</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label={m.earned}>
      {entries.data.map((e) => (
        <li key={e.id} className="rounded-md border px-3 py-2 text-sm">
          <div className="flex items-baseline justify-between gap-3">
            <p className="font-medium">{ledgerTypeLabels[e.type]}</p>
            <p className="shrink-0 tabular-nums">
              {e.points !== 0 && (
                <span>{m.pointsUnit(f.points(e.points))}</span>
              )}
              {e.points !== 0 && Number(e.amount) !== 0 && " · "}
              {Number(e.amount) !== 0 && <span>{f.money(e.amount)}</span>}
            </p>
          </div>
          <p className="text-xs text-muted-foreground">{e.rule}</p>
        </li>
      ))}
    </ul>
  );
}
