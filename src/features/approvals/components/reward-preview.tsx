// Who earns what if this sale is approved now, and why: preview_sale_rewards runs the approval's
// own calculation without writing anything. Each entry keeps the engine's sentence.
import { useQuery } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { salesQueries } from '@/api/sales/sales-queries';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ledgerTypeLabels } from '@/lib/domain';
import { useFormat } from '@/lib/use-format';
import { approvalMessages as m } from '../messages';
import { Panel } from './panel';

export function RewardPreview({ saleId }: { saleId: string }) {
  const f = useFormat();
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
      {preview.isPending ? (
        <div className="space-y-3" data-testid="preview-skeleton">
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className="space-y-1.5">
              <div className="flex justify-between">
                <Skeleton className="h-4 w-40" />
                <Skeleton className="h-4 w-16" />
              </div>
              <Skeleton className="h-3 w-full" />
            </div>
          ))}
        </div>
      ) : preview.isError ? (
        <ErrorState className="py-4" title={m.previewFailed} error={preview.error} onRetry={() => preview.refetch()} retrying={preview.isFetching} />
      ) : lines.length === 0 ? (
        <p className="flex items-center gap-2 text-sm">
          <Gift className="size-4 text-muted-foreground" aria-hidden="true" />
          {m.previewEmpty}
        </p>
      ) : (
        <ul aria-label={m.preview} className="divide-y">
          {lines.map((line, i) => (
            <li key={i} className="py-2.5 first:pt-0 last:pb-0" data-testid="preview-line">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <p className="min-w-0">
                  <span className="font-medium" data-part="beneficiary">
                    {line.beneficiary_name}
                  </span>
                  <span className="text-muted-foreground">
                    {' · '}
                    <span data-part="type">{ledgerTypeLabels[line.type]}</span>
                    {line.generation !== null && ` · ${m.generation(line.generation)}`}
                  </span>
                </p>
                <p className="font-semibold tabular-nums" data-part="value">
                  {[Number(line.amount) !== 0 && f.money(line.amount), line.points !== 0 && m.pointsUnit(f.points(line.points))].filter(Boolean).join(' · ') ||
                    f.money(line.amount)}
                </p>
              </div>
              <p className="mt-0.5 text-xs text-muted-foreground">{line.rule}</p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
