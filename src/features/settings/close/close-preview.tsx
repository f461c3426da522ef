// «Vista previa del cierre», computed by the database's worker (a big month takes longer than a request
// may last): its progress, then the month's totals as the close will write them and every forfeit (with
// its reason), volume bonus and level change, paged on the server.
import { useQuery } from '@tanstack/react-query';
import { LoaderCircle, RefreshCw, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import type { ClosePreviewResult, ClosePreviewTotals } from '@/api/periods/periods-api';
import { periodsQueries } from '@/api/periods/periods-queries';
import type { Simulation } from '@/api/simulations/use-simulation';
import { Button } from '@/components/ui/button';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { m } from './messages';

const PAGE_SIZES = [10, 20, 50] as const;
const actionTones: Record<string, BadgeTone> = {
  forfeit: 'red',
  bonus_volume: 'green',
  level_up: 'violet',
};

export function TotalsList({ totals }: { totals: ClosePreviewTotals }) {
  const f = useFormat();
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2" aria-label={m.preview}>
      {(
        [
          ['forfeits', f.count(totals.forfeits)],
          ['forfeited_amount', f.money(totals.forfeited_amount)],
          ['volume_bonuses', f.count(totals.volume_bonuses)],
          ['volume_bonus_amount', f.money(totals.volume_bonus_amount)],
          ['level_ups', f.count(totals.level_ups)],
        ] as const
      ).map(([key, value]) => (
        <div key={key} className="flex items-baseline justify-between gap-3 border-b pb-1.5">
          <dt className="text-sm text-muted-foreground">{m.totals[key]}</dt>
          <dd className="font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The preview MonthDetail asked for (it needs the totals too, for «Cerrar mes»), as it stands. */
export function ClosePreview({ preview, result, onAgain }: { preview: Simulation<string>; result: ClosePreviewResult | null; onAgain: () => void }) {
  const f = useFormat();
  return (
    <section aria-labelledby="close-preview-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id="close-preview-title" className="text-base font-semibold">
            {m.preview}
          </h3>
          <p className="text-sm text-muted-foreground">
            {preview.done?.finished_at ? m.previewComputedAt(f.dateTime(preview.done.finished_at)) : m.previewHint}
          </p>
        </div>
        {(result || preview.failure) && (
          <Button variant="outline" size="sm" onClick={onAgain}>
            <RefreshCw aria-hidden="true" />
            {m.previewAgain}
          </Button>
        )}
      </div>
      {preview.refusal ? (
        <ErrorState title={m.previewFailed} error={preview.refusal} onRetry={onAgain} retrying={preview.working} />
      ) : preview.failure ? (
        <p role="alert" className="flex items-start gap-2 rounded-md bg-tone-red p-3 text-sm text-tone-red-foreground">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {m.previewFailed} {preview.failure}
          </span>
        </p>
      ) : !preview.done || !result ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircle className="size-4 shrink-0 animate-spin" aria-hidden="true" />
            {preview.job?.status === 'running' ? m.previewRunning : m.previewQueued}
          </p>
          <Skeleton className="h-20 w-full" />
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : (
        <>
          <TotalsList totals={result.totals} />
          {result.rows === 0 ? <EmptyState title={m.previewEmpty} /> : <PreviewRows jobId={preview.done.id} total={result.rows} />}
        </>
      )}
    </section>
  );
}

function PreviewRows({ jobId, total }: { jobId: number; total: number }) {
  const f = useFormat();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const rows = useQuery(periodsQueries.closePreview({ jobId, page, pageSize }));
  if (rows.isPending) return <Skeleton className="h-40 w-full" />;
  if (rows.isError) return <ErrorState title={m.previewFailed} error={rows.error} onRetry={() => rows.refetch()} retrying={rows.isFetching} />;
  return (
    <div className={cn('flex flex-col gap-2', rows.isPlaceholderData && 'opacity-60')}>
      <div className="hidden md:block">
        <Table aria-label={m.preview}>
          <TableHeader>
            <TableRow>
              <TableHead>{m.colAction}</TableHead>
              <TableHead>{m.colMember}</TableHead>
              <TableHead className="text-right">{m.colAmount}</TableHead>
              <TableHead>{m.colDetail}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.data.map((row) => (
              <TableRow key={`${row.action}-${row.client_id}-${row.ledger_id ?? ''}`}>
                <TableCell>
                  <Badge tone={actionTones[row.action]}>{m.actions[row.action]}</Badge>
                </TableCell>
                <TableCell className="font-medium">{row.client_name}</TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums">
                  {row.amount === null ? m.level(row.level_from, row.level_to) : f.money(row.amount)}
                </TableCell>
                <TableCell className="min-w-64 text-sm text-muted-foreground">{row.detail}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul aria-label={m.preview} className="flex flex-col divide-y rounded-lg border md:hidden">
        {rows.data.map((row) => (
          <li key={`${row.action}-${row.client_id}-${row.ledger_id ?? ''}`} className="flex flex-col gap-1.5 p-3">
            <div className="flex items-center justify-between gap-2">
              <Badge tone={actionTones[row.action]}>{m.actions[row.action]}</Badge>
              <span className="font-medium whitespace-nowrap tabular-nums">
                {row.amount === null ? m.level(row.level_from, row.level_to) : f.money(row.amount)}
              </span>
            </div>
            <span className="font-medium">{row.client_name}</span>
            <p className="text-sm text-muted-foreground">{row.detail}</p>
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        pageSize={pageSize}
        pageSizes={PAGE_SIZES}
        total={total}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </div>
  );
}
