// «Archivos de pago»: every file generated, newest first, with what the bank answered of it and how
// many times it was downloaded; «Descargar de nuevo» writes the same bytes again (the same requests:
// nothing is paid twice) and «Anular» gives back the requests of a file the bank never received.
import { useQuery } from '@tanstack/react-query';
import { Download, FileText, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { downloadPayoutBatchFile, PAYOUT_BATCHES_PAGE_SIZE, type PayoutBatch } from '@/api/payouts/payout-files-api';
import { useVoidPayoutBatch } from '@/api/payouts/payouts-mutations';
import { payoutsQueries } from '@/api/payouts/payouts-queries';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { userMessage } from '@/lib/data/db';
import { payoutLayoutLabels } from '@/lib/data/domain';
import { notify } from '@/lib/feedback/notify';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { saveBatchFile } from '../bank-file';
import { m } from '../messages';

export function BatchesSection() {
  const [page, setPage] = useState(1);
  const batches = useQuery(payoutsQueries.batches(page));
  return (
    <section aria-labelledby="batches-title" className="flex flex-col gap-3">
      <div>
        <h2 id="batches-title" className="text-lg font-semibold">
          {m.batchesTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{m.batchesDescription}</p>
      </div>
      {batches.isError ? (
        <ErrorState
          className="rounded-xl border"
          title={m.batchesFailed}
          error={batches.error}
          onRetry={() => batches.refetch()}
          retrying={batches.isFetching}
        />
      ) : batches.isPending ? (
        <Skeleton className="h-24 w-full rounded-xl" />
      ) : batches.data.rows.length === 0 ? (
        <EmptyState icon={FileText} title={m.batchesEmpty} description={m.batchesEmptyHint} className="rounded-xl border" />
      ) : (
        <>
          <ul className={cn('flex flex-col divide-y rounded-xl border bg-card', batches.isPlaceholderData && 'opacity-60')} data-testid="payout-batches">
            {batches.data.rows.map((b) => (
              <BatchItem key={b.id} batch={b} />
            ))}
          </ul>
          {batches.data.total > PAYOUT_BATCHES_PAGE_SIZE && (
            <Pagination
              page={page}
              pageSize={PAYOUT_BATCHES_PAGE_SIZE}
              pageSizes={[PAYOUT_BATCHES_PAGE_SIZE]}
              total={batches.data.total}
              onPageChange={setPage}
              onPageSizeChange={() => setPage(1)}
            />
          )}
        </>
      )}
    </section>
  );
}

function BatchItem({ batch: b }: { batch: PayoutBatch }) {
  const f = useFormat();
  const voidBatch = useVoidPayoutBatch();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      saveBatchFile(await downloadPayoutBatchFile(b.id));
    } catch (error) {
      notify.error(m.exportFailed, { description: userMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="payout-batch">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{m.batchNo(b.batch_no)}</span>
          <Badge tone="gray">{payoutLayoutLabels[b.layout]}</Badge>
          {b.voided_at ? (
            <Badge tone="red">Anulado</Badge>
          ) : b.waiting > 0 ? (
            <Badge tone="blue">Esperando al banco</Badge>
          ) : (
            <Badge tone="green">Respondido</Badge>
          )}
        </div>
        <p className="text-sm">
          {f.date(b.created_at)} · {b.payout_count === 1 ? '1 solicitud' : `${b.payout_count} solicitudes`} ·{' '}
          <span className="font-medium tabular-nums">{f.money(b.total_amount)}</span>
        </p>
        <p className="text-xs text-muted-foreground">
          {m.batchLines(b.waiting, b.paid, b.failed, b.voided)} · {m.downloads(b.download_count)}
          {b.created_by_email && ` · ${b.created_by_email}`}
        </p>
        {b.void_reason && <p className="text-xs text-muted-foreground">{m.voided(b.void_reason)}</p>}
      </div>
      {!b.voided_at && (
        <div className="flex shrink-0 flex-wrap gap-2 sm:justify-end">
          <Button size="sm" variant="outline" onClick={() => void download()} disabled={busy}>
            {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
            {busy ? m.downloading : m.downloadAgain}
            <span className="sr-only"> {m.batchNo(b.batch_no)}</span>
          </Button>
          {b.waiting > 0 && (
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="outline">
                  {m.voidBatch}
                  <span className="sr-only"> {m.batchNo(b.batch_no)}</span>
                </Button>
              }
              title={m.voidTitle(b.batch_no)}
              description={m.voidDescription}
              confirmLabel={m.voidBatch}
              pendingLabel={m.voiding}
              reason={{ label: m.voidReasonLabel, max: 300 }}
              onConfirm={(reason) => voidBatch.mutateAsync({ batchId: b.id, reason: reason ?? '' })}
            />
          )}
        </div>
      )}
    </li>
  );
}
