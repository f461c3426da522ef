// One month: its job's progress, what its close did (closed) or its preview and «Cerrar mes» (open).
import { LoaderCircle, Lock, TriangleAlert } from 'lucide-react';
import { parseClosePreviewResult, requestClosePreview, type CloseMonth } from '@/api/periods/periods-api';
import { useRequestPeriodClose } from '@/api/periods/periods-mutations';
import { useSimulation } from '@/api/simulations/use-simulation';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { addMonths } from '@/lib/format/format';
import { useFormat } from '@/lib/format/use-format';
import { ClosePreview, TotalsList } from './close-preview';
import { m } from './messages';

export function MonthDetail({ month }: { month: CloseMonth }) {
  const f = useFormat();
  // The preview is asked for with the button; its totals are also what «Cerrar mes» says it will do.
  const preview = useSimulation(requestClosePreview);
  const previewOpen = preview.job !== undefined || preview.working || preview.refusal !== null;
  const result = preview.done ? parseClosePreviewResult(preview.done.result) : null;
  const askPreview = () => preview.ask(month.month);
  const close = useRequestPeriodClose();
  const name = f.month(month.month);
  const inProgress = month.job_status === 'queued' || month.job_status === 'running';
  return (
    <section aria-labelledby="close-month-title" className="flex min-w-0 flex-col gap-4 rounded-lg border bg-card p-4">
      <h2 id="close-month-title" className="text-lg font-semibold first-letter:uppercase">
        {name}
      </h2>

      {inProgress && (
        <p role="status" className="flex items-start gap-2 rounded-md bg-tone-blue p-3 text-sm text-tone-blue-foreground">
          <LoaderCircle className="mt-0.5 size-4 shrink-0 animate-spin" aria-hidden="true" />
          {month.job_status === 'queued' ? m.queued : m.running}
        </p>
      )}
      {month.status === 'open' && month.job_status === 'failed' && (
        <p role="alert" className="flex items-start gap-2 rounded-md bg-tone-red p-3 text-sm text-tone-red-foreground">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {m.failed} {month.job_error}
          </span>
        </p>
      )}

      {month.status === 'closed' ? (
        <ClosedSummary month={month} />
      ) : (
        <>
          {!month.ended && <p className="text-sm text-muted-foreground">{m.notEnded(f.month(addMonths(month.month, 1)))}</p>}
          <div className="flex flex-wrap gap-2">
            <Button variant={previewOpen ? 'secondary' : 'default'} aria-expanded={previewOpen} onClick={() => previewOpen || askPreview()}>
              {m.preview}
            </Button>
            {month.ended && (
              <ConfirmDialog
                trigger={
                  <Button variant="destructive" disabled={inProgress}>
                    <Lock aria-hidden="true" />
                    {m.close}
                  </Button>
                }
                title={m.closeTitle(name)}
                description={m.closeDescription(name)}
                confirmLabel={m.close}
                pendingLabel={m.closing}
                onConfirm={() => close.mutateAsync(month.month)}
              >
                {result ? <TotalsList totals={result.totals} /> : <p className="text-sm text-muted-foreground">{m.closeDescriptionNoPreview}</p>}
              </ConfirmDialog>
            )}
          </div>
          {previewOpen && <ClosePreview preview={preview} result={result} onAgain={askPreview} />}
        </>
      )}
    </section>
  );
}

function ClosedSummary({ month }: { month: CloseMonth }) {
  const f = useFormat();
  const s = month.summary ?? {};
  const counts = [
    ['members', s.members],
    ['active', s.active],
    ['forfeits', s.forfeits],
    ['volume_bonuses', s.volume_bonuses],
    ['level_ups', s.level_ups],
  ] as const;
  const amounts = [
    ['forfeited_amount', s.forfeited_amount],
    ['volume_bonus_amount', s.volume_bonus_amount],
    ['income_available', s.income_available],
  ] as const;
  const hasAmounts = amounts.some(([, v]) => v !== undefined);
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-base font-semibold">{m.whatItDid}</h3>
      {month.closed_at && <p className="text-sm text-muted-foreground">{m.closedOn(f.dateTime(month.closed_at), month.closed_by_email)}</p>}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
        {counts.map(([key, value]) => (
          <div key={key} className="flex items-baseline justify-between gap-3 border-b pb-2">
            <dt className="text-sm text-muted-foreground">{m.totals[key]}</dt>
            <dd className="font-medium tabular-nums">{value === undefined ? '—' : f.count(value)}</dd>
          </div>
        ))}
        {amounts.map(([key, value]) =>
          value === undefined ? null : (
            <div key={key} className="flex items-baseline justify-between gap-3 border-b pb-2">
              <dt className="text-sm text-muted-foreground">{m.totals[key]}</dt>
              <dd className="font-medium tabular-nums">{f.money(value)}</dd>
            </div>
          ),
        )}
      </dl>
      {!hasAmounts && <p className="text-sm text-muted-foreground">{m.amountsNeedFinance}</p>}
    </div>
  );
}
