// «Cancelar venta»: the reason, and before confirming exactly what the cancellation will reverse,
// read from the database when the dialog opens (preview_sale_cancellation: the same rows cancel_sale
// writes), with the entries that fall in a closed month flagged. A refusal (another tab cancelled
// first) is said inside the dialog.
import { useQuery } from '@tanstack/react-query';
import { Lock, XCircle } from 'lucide-react';
import type { CancellationPreview } from '@/api/sales-admin/sales-admin-api';
import { useCancelSaleAsStaff } from '@/api/sales-admin/sales-admin-mutations';
import { salesAdminQueries } from '@/api/sales-admin/sales-admin-queries';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { DbError } from '@/lib/data/db';
import { useFormat } from '@/lib/format/use-format';
import { m } from '../messages';

interface Props {
  saleId: string;
  saleNo: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CancelSaleDialog({ saleId, saleNo, open, onOpenChange }: Props) {
  const cancel = useCancelSaleAsStaff();
  const preview = useQuery({ ...salesAdminQueries.cancellationPreview(saleId), enabled: open });
  const description = preview.data ? (preview.data.paid ? m.cancelPaid : m.cancelPending) : m.cancelPaid;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="outline" className="text-tone-red-foreground hover:text-tone-red-foreground">
          <XCircle aria-hidden="true" />
          {m.cancel}
        </Button>
      }
      title={m.cancelTitle(String(saleNo))}
      description={description}
      confirmLabel={m.cancel}
      pendingLabel={m.cancelling}
      cancelLabel={m.cancelBack}
      reason={{ label: m.cancelReason, description: m.cancelReasonHint, suggestions: m.cancelSuggestions }}
      onConfirm={(reason) => cancel.mutateAsync({ id: saleId, reason: reason ?? '' })}
    >
      {preview.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <span className="sr-only" role="status">
            {m.previewLoading}
          </span>
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : preview.isError && preview.error instanceof DbError && preview.error.kind === 'refusal' ? (
        // Another tab cancelled it, or it changed state: the database's sentence, nothing to retry.
        <p
          className="rounded-md border border-tone-amber-foreground/20 bg-tone-amber p-3 text-sm font-medium text-tone-amber-foreground"
          data-testid="preview-refused"
        >
          {preview.error.message}
        </p>
      ) : preview.isError ? (
        <ErrorState className="py-2" title={m.previewFailed} error={preview.error} onRetry={preview.refetch} retrying={preview.isFetching} />
      ) : preview.data.paid ? (
        <PreviewList preview={preview.data} />
      ) : null}
    </ConfirmDialog>
  );
}

function PreviewList({ preview }: { preview: CancellationPreview }) {
  const f = useFormat();
  return (
    <div
      className="flex max-h-[45vh] flex-col gap-3 overflow-y-auto text-sm"
      data-testid="cancel-preview"
      tabIndex={0}
      role="region"
      aria-label={m.previewEntries}
    >
      <div>
        <h3 className="mb-1 font-medium">{m.previewEntries}</h3>
        {preview.entries.length === 0 ? (
          <p className="text-muted-foreground">{m.previewNothing}</p>
        ) : (
          <ul className="flex flex-col divide-y rounded-md border">
            {preview.entries.map((e) => (
              <li key={e.reverses_id} className="flex items-start justify-between gap-3 px-3 py-2" data-testid="preview-entry" data-closed={e.period_closed}>
                <div className="min-w-0">
                  <p className="font-medium">{e.beneficiary_name}</p>
                  <p className="text-xs text-muted-foreground">
                    {e.type_label} de «{e.original_label}» · {f.month(e.period_month)}
                  </p>
                  {e.period_closed && (
                    <Badge tone="amber" className="mt-1">
                      <Lock aria-hidden="true" />
                      {m.closedMonth}
                    </Badge>
                  )}
                </div>
                <p className="shrink-0 font-semibold text-tone-red-foreground tabular-nums" data-testid="preview-value">
                  {e.points !== 0 ? `${f.points(e.points)} pts` : f.money(e.amount)}
                </p>
              </li>
            ))}
          </ul>
        )}
        {preview.closed_entries > 0 && <p className="mt-1 text-xs text-muted-foreground">{m.closedMonthNote}</p>}
        {preview.entries.length > 0 && (
          <p className="mt-1 font-medium" data-testid="preview-totals">
            {m.previewTotals(f.money(preview.amount), f.points(preview.points))}
          </p>
        )}
      </div>
      {preview.stock.length > 0 && (
        <div>
          <h3 className="mb-1 font-medium">{m.previewStock}</h3>
          <ul className="flex flex-col gap-0.5">
            {preview.stock.map((s) => (
              <li key={s.product_id} className="flex justify-between gap-3">
                <span>{s.name}</span>
                <span className="shrink-0 tabular-nums">
                  +{f.count(s.quantity)} ({f.count(s.stock)} → {f.count(s.stock_after)})
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
