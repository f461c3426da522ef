// The queue: pending orders and enrolments, oldest first, one link per sale (the open one marked),
// paged on the server.
import { Paperclip, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import type { SaleWithLines } from '@/api/sales/sales-api';
import { Badge } from '@/components/ui/badge';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { paymentMethodLabels, saleKindLabels } from '@/lib/data/domain';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { approvalMessages as m } from '../messages';
import { waitedFor } from '../queue/age';

export interface QueuePaging {
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}

export function QueueList({
  rows,
  openId,
  linkTo,
  paging,
  dimmed,
}: {
  rows: SaleWithLines[];
  openId: string | undefined;
  /** The URL search that opens a sale. */
  linkTo: (id: string) => string;
  paging: QueuePaging;
  dimmed: boolean;
}) {
  const f = useFormat();
  const now = new Date();
  return (
    <div>
      <ul aria-label={m.queueLabel} aria-busy={dimmed || undefined} className={cn('flex flex-col gap-2 transition-opacity', dimmed && 'opacity-60')}>
        {rows.map((sale) => {
          const current = sale.id === openId;
          const enrolment = sale.kind === 'enrollment';
          return (
            <li key={sale.id}>
              <Link
                to={{ search: linkTo(sale.id) }}
                aria-current={current ? 'true' : undefined}
                className={cn(
                  'block rounded-lg border bg-card px-3 py-2.5 text-sm shadow-xs transition-colors outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  current && 'border-primary bg-accent ring-1 ring-primary',
                )}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="flex min-w-0 items-center gap-2">
                    <span className="font-semibold tabular-nums">#{f.count(sale.sale_no)}</span>
                    <Badge tone={enrolment ? 'violet' : 'amber'}>
                      {enrolment && <UserPlus aria-hidden="true" />}
                      {saleKindLabels[sale.kind]}
                    </Badge>
                  </span>
                  <span className="font-semibold tabular-nums">{f.money(sale.total)}</span>
                </span>
                <span className="mt-1 block truncate font-medium">{sale.client?.name ?? m.none}</span>
                <span className="mt-0.5 flex items-center gap-x-2 text-xs text-muted-foreground">
                  <span>{waitedFor(sale.created_at, now)}</span>
                  {sale.payment_method && (
                    <>
                      <span aria-hidden="true">·</span>
                      <span>{paymentMethodLabels[sale.payment_method]}</span>
                    </>
                  )}
                  {sale.voucher_path ? (
                    <span className="ml-auto inline-flex items-center gap-1" title={m.voucherAttached}>
                      <Paperclip className="size-3.5" aria-hidden="true" />
                      <span className="sr-only">{m.voucherAttached}</span>
                    </span>
                  ) : (
                    <span className="sr-only">{m.noVoucherShort}</span>
                  )}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      {paging.total > paging.pageSize || paging.page > 1 ? <Pagination className="mt-2" {...paging} /> : null}
    </div>
  );
}

export function QueueListSkeleton() {
  return (
    <div className="flex flex-col gap-2" data-testid="queue-skeleton">
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="rounded-lg border bg-card px-3 py-2.5">
          <div className="flex justify-between">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-5 w-16" />
          </div>
          <Skeleton className="mt-2 h-4 w-40" />
          <Skeleton className="mt-1.5 h-3 w-48" />
        </div>
      ))}
    </div>
  );
}
