// «Exportar archivo de pago»: the approved requests that wait in no file, each to tick (all by
// default), and the layout (the bank layouts the company enabled in Configuración, and the plain
// CSV). The database makes the batch from exactly the ticked ones and writes its file; the browser
// saves it. A refusal (one was paid or rejected meanwhile, or is already in a file) shows inside.
import { useQuery } from '@tanstack/react-query';
import { FileDown, LoaderCircle } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { downloadPayoutBatchFile } from '@/api/payouts/payout-files-api';
import { PAYOUT_QUEUE_MAX_PAGE } from '@/api/payouts/payouts-api';
import { useExportPayoutFile } from '@/api/payouts/payouts-mutations';
import { payoutsQueries } from '@/api/payouts/payouts-queries';
import { payoutSettingsQueries } from '@/api/payout-settings/payout-settings-queries';
import { accountLine } from '@/components/payout-account/account-text';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { userMessage } from '@/lib/data/db';
import { payoutLayoutLabels, type PayoutLayout } from '@/lib/data/domain';
import { notify } from '@/lib/feedback/notify';
import { useFormat } from '@/lib/format/use-format';
import { saveBatchFile } from '../bank-file';
import { m } from '../messages';

export function ExportFileDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <FileDown aria-hidden="true" />
          {m.exportPaymentFile}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{m.exportTitle}</DialogTitle>
          <DialogDescription>{m.exportDescription}</DialogDescription>
        </DialogHeader>
        {open && <ExportForm onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ExportForm({ onDone }: { onDone: () => void }) {
  const f = useFormat();
  const id = useId();
  // The approved requests that wait in no file, oldest first (the database leaves the others out before
  // it cuts the page, so requests behind a full page already in a file are still offered).
  const queue = useQuery(payoutsQueries.queue({ statuses: ['approved'], month: null, page: 1, pageSize: PAYOUT_QUEUE_MAX_PAGE, outsideBankFiles: true }));
  const settings = useQuery(payoutSettingsQueries.file());
  const exportFile = useExportPayoutFile();
  const rows = useMemo(() => (queue.data?.rows ?? []).filter((p) => p.account), [queue.data]);
  const layouts: PayoutLayout[] = [...(settings.data?.enabled_layouts ?? []), 'csv'];
  const [layout, setLayout] = useState<PayoutLayout | null>(null);
  const chosenLayout = layout ?? layouts[0]!;
  const [unticked, setUnticked] = useState<Set<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ticked = rows.filter((p) => !unticked.has(p.id));
  const total = ticked.reduce((sum, p) => sum + p.amount, 0);

  if (queue.isError) return <ErrorState error={queue.error} onRetry={() => queue.refetch()} retrying={queue.isFetching} />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => settings.refetch()} retrying={settings.isFetching} />;
  if (!queue.data || !settings.data) return <Skeleton className="h-64 w-full" />;

  const submit = async () => {
    if (busy) return;
    if (ticked.length === 0) {
      setProblem(m.pickOne);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const batch = await exportFile.mutateAsync({ payoutIds: ticked.map((p) => p.id), layout: chosenLayout });
      const file = await downloadPayoutBatchFile(batch.id);
      saveBatchFile(file);
      notify.success(m.exportDone(file.batch_no, file.file_name));
      onDone();
    } catch (error) {
      setProblem(userMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{m.exportLayout}</legend>
        {layouts.map((l) => (
          <label key={l} className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:checked]:border-primary">
            <input
              type="radio"
              name={`${id}-layout`}
              value={l}
              checked={chosenLayout === l}
              onChange={() => setLayout(l)}
              className="mt-1 size-4 accent-primary"
            />
            <span className="flex flex-col">
              <span className="text-sm font-medium">{payoutLayoutLabels[l]}</span>
              <span className="text-xs text-muted-foreground">{m.layoutHint[l]}</span>
            </span>
          </label>
        ))}
      </fieldset>

      {rows.length === 0 ? (
        <p className="rounded-lg border p-4 text-sm text-muted-foreground">{m.exportNothing}</p>
      ) : (
        <fieldset className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <legend className="text-sm font-medium">{m.exportChoose}</legend>
            <div className="flex gap-1">
              <Button type="button" size="sm" variant="ghost" onClick={() => setUnticked(new Set())}>
                {m.exportAll}
              </Button>
              <Button type="button" size="sm" variant="ghost" onClick={() => setUnticked(new Set(rows.map((p) => p.id)))}>
                {m.exportNone}
              </Button>
            </div>
          </div>
          <ul className="flex max-h-[40dvh] flex-col divide-y overflow-y-auto rounded-lg border" aria-label={m.exportChoose}>
            {rows.map((p) => {
              const boxId = `${id}-${p.id}`;
              return (
                <li key={p.id} className="flex items-start gap-3 p-3">
                  <Checkbox
                    id={boxId}
                    className="mt-0.5"
                    checked={!unticked.has(p.id)}
                    onCheckedChange={(on) =>
                      setUnticked((before) => {
                        const next = new Set(before);
                        if (on === true) next.delete(p.id);
                        else next.add(p.id);
                        return next;
                      })
                    }
                  />
                  <label htmlFor={boxId} className="flex min-w-0 flex-1 cursor-pointer flex-col gap-0.5 text-sm">
                    <span>
                      <span className="font-medium">{p.client_name}</span> · <span className="font-semibold tabular-nums">{f.money(p.amount)}</span> ·{' '}
                      <span className="text-muted-foreground">{p.reference}</span>
                    </span>
                    <span className="text-xs break-words text-muted-foreground">
                      {accountLine({ institution: p.account!.institution, type: p.account!.type, number: p.account!.number })}
                    </span>
                    {p.account_changed_days !== null && (
                      <span className="text-xs font-medium text-amber-700 dark:text-amber-400">{m.accountChanged(p.account_changed_days)}</span>
                    )}
                  </label>
                </li>
              );
            })}
          </ul>
          {queue.data.total > PAYOUT_QUEUE_MAX_PAGE && <p className="text-xs text-muted-foreground">{m.exportShown(PAYOUT_QUEUE_MAX_PAGE)}</p>}
          <p className="text-sm font-medium" aria-live="polite">
            {m.exportSelected(ticked.length, f.money(total))}
          </p>
        </fieldset>
      )}
      {problem && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone} disabled={busy}>
          {m.close}
        </Button>
        <Button type="button" onClick={() => void submit()} disabled={busy || rows.length === 0}>
          {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          {busy ? m.exporting : m.exportConfirm}
        </Button>
      </DialogFooter>
    </div>
  );
}
