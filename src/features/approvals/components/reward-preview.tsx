// Who earns what if this sale is approved now, and why: preview_sale_rewards runs the approval's
// own calculation without writing anything. Each entry keeps the engine's sentence. The same lines
// show in the sale's panel and inside the approval's confirmation, so nobody approves unseen.
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { useEffect } from 'react';
import type { RewardPreviewLine } from '@/api/sales/sales-api';
import { salesQueries } from '@/api/sales/sales-queries';
import { staffQueries } from '@/api/staff/staff-queries';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ledgerTypeLabels } from '@/lib/data/domain';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { approvalMessages as m } from '../messages';
import { Panel } from './panel';

export function RewardPreview({ saleId }: { saleId: string }) {
  const preview = useQuery(salesQueries.rewardPreview(saleId));
  const lines = preview.data ?? [];
  const plan = lines[0]?.plan_version;
  return (
    <Panel
      title={m.preview}
      aside={
        preview.data && (
          <span className="text-xs text-muted-foreground">
            {m.entryCount(lines.length)}
            {plan !== undefined && ` · ${m.previewPlan(plan)}`}
          </span>
        )
      }
    >
      <p className="mb-3 text-sm text-muted-foreground">{m.previewHint}</p>
      <PreviewBody preview={preview} label={m.preview} testId="preview-line" />
    </Panel>
  );
}

/** Inside «¿Aprobar…?»: read again as the dialog opens, so what is confirmed is the database's latest.
 *  If someone resolved the sale meanwhile, the database says so here, before the click, and the sale
 *  and the queue are read again. */
export function ApprovalPreview({ saleId }: { saleId: string }) {
  const client = useQueryClient();
  const preview = useQuery({ ...salesQueries.rewardPreview(saleId), refetchOnMount: 'always' });
  const resolved = preview.error?.saviaCode === 'invalid_transition' ? preview.error.userMessage : null;
  useEffect(() => {
    if (!resolved) return;
    void client.invalidateQueries({ queryKey: salesQueries.detail(saleId).queryKey });
    void client.invalidateQueries({ queryKey: salesQueries.approvalQueues() });
    void client.invalidateQueries({ queryKey: staffQueries.all() });
  }, [resolved, client, saleId]);
  if (resolved) {
    return (
      <p
        className="rounded-lg border border-tone-amber-foreground/30 bg-tone-amber p-3 text-sm text-tone-amber-foreground"
        data-testid="approve-preview-resolved"
      >
        {resolved}
      </p>
    );
  }
  return (
    <section aria-label={m.approvePreviewLabel} className="rounded-lg border bg-muted/40 p-3" data-testid="approve-preview">
      <p className="mb-2 text-sm font-medium">{preview.data ? m.approvePreviewTitle(preview.data.length) : m.approvePreviewLabel}</p>
      <PreviewBody preview={preview} label={m.approvePreviewLabel} testId="approve-preview-line" compact />
    </section>
  );
}

type PreviewQuery = UseQueryResult<RewardPreviewLine[]>;

function PreviewBody({ preview, label, testId, compact = false }: { preview: PreviewQuery; label: string; testId: string; compact?: boolean }) {
  if (preview.isPending) {
    return (
      <div className="space-y-3" data-testid="preview-skeleton">
        {Array.from({ length: compact ? 2 : 3 }, (_, i) => (
          <div key={i} className="space-y-1.5">
            <div className="flex justify-between">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-4 w-16" />
            </div>
            <Skeleton className="h-3 w-full" />
          </div>
        ))}
      </div>
    );
  }
  if (preview.isError) {
    return <ErrorState className="py-4" title={m.previewFailed} error={preview.error} onRetry={() => preview.refetch()} retrying={preview.isFetching} />;
  }
  if (preview.data.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm">
        <Gift className="size-4 text-muted-foreground" aria-hidden="true" />
        {m.previewEmpty}
      </p>
    );
  }
  return <PreviewLines lines={preview.data} label={label} testId={testId} compact={compact} />;
}

function PreviewLines({ lines, label, testId, compact }: { lines: RewardPreviewLine[]; label: string; testId: string; compact: boolean }) {
  const f = useFormat();
  return (
    <ul aria-label={label} className="divide-y">
      {lines.map((line, i) => (
        <li key={i} className={cn('first:pt-0 last:pb-0', compact ? 'py-2' : 'py-2.5')} data-testid={testId}>
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <p className="min-w-0 text-foreground">
              <span className="font-medium" data-part="beneficiary">
                {line.beneficiary_name}
              </span>
              <span className="text-muted-foreground">
                {' · '}
                <span data-part="type">{ledgerTypeLabels[line.type]}</span>
                {line.generation !== null && ` · ${m.generation(line.generation)}`}
              </span>
            </p>
            <p className="font-semibold text-foreground tabular-nums" data-part="value">
              {[Number(line.amount) !== 0 && f.money(line.amount), line.points !== 0 && m.pointsUnit(f.points(line.points))].filter(Boolean).join(' · ') ||
                f.money(line.amount)}
            </p>
          </div>
          <p className="mt-0.5 text-xs text-muted-foreground" data-part="rule">
            {line.rule}
          </p>
        </li>
      ))}
    </ul>
  );
}
