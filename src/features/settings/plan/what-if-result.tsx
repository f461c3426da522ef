import type { PlanWhatIf } from '@/api/plan/plan-api';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { planMessages as m } from './plan-messages';

export function WhatIfResult({ result, stale }: { result: PlanWhatIf; stale: boolean }) {
  const f = useFormat();
  if (!result.month) return <p className="text-sm text-muted-foreground">{m.whatIfNoMonth}</p>;
  const signed = (value: number) => (value > 0 ? `+${f.money(value)}` : f.money(value));
  // What the company pays its members is a cost: more is red, less is green.
  const costTone = (value: number) => (value > 0 ? 'text-destructive' : value < 0 ? 'text-tone-green-foreground' : '');
  const sales = result.sales ?? 0;
  const share = (paid: number) => (sales > 0 ? m.shareOfSales(f.percent(paid / sales), f.money(sales)) : m.noSales);
  return (
    <div className="flex flex-col gap-4" data-testid="what-if">
      <p className="text-sm text-muted-foreground">{m.whatIfMonth(f.month(result.month))}</p>
      {stale && (
        <Badge tone="amber" className="h-auto w-fit whitespace-normal">
          {m.whatIfStale}
        </Badge>
      )}
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-lg border p-3">
          <dt className="text-sm text-muted-foreground">{m.before}</dt>
          <dd className="text-lg font-semibold tabular-nums">{f.money(result.before ?? 0)}</dd>
          <dd className="text-xs text-muted-foreground" data-testid="what-if-share-before">
            {share(result.before ?? 0)}
          </dd>
        </div>
        <div className="rounded-lg border p-3">
          <dt className="text-sm text-muted-foreground">{m.after}</dt>
          <dd className="text-lg font-semibold tabular-nums">{f.money(result.after ?? 0)}</dd>
          <dd className="text-xs text-muted-foreground" data-testid="what-if-share-after">
            {share(result.after ?? 0)}
          </dd>
        </div>
        <div className="rounded-lg border p-3">
          <dt className="text-sm text-muted-foreground">{m.difference}</dt>
          <dd className={cn('text-lg font-semibold tabular-nums', costTone(result.difference ?? 0))} data-testid="what-if-difference">
            {signed(result.difference ?? 0)}
          </dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground">{m.costNote}</p>
      <section aria-label={m.byKind}>
        <h3 className="mb-2 text-sm font-medium">{m.byKind}</h3>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{m.kind}</TableHead>
              <TableHead className="text-right">{m.before}</TableHead>
              <TableHead className="text-right">{m.after}</TableHead>
              <TableHead className="text-right">{m.difference}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {(result.by_kind ?? []).map((k) => (
              <TableRow key={`${k.kind}-${k.generation ?? ''}`}>
                <TableCell className="whitespace-normal">{m.kindLabel(k.kind, k.generation)}</TableCell>
                <TableCell className="text-right tabular-nums">{f.money(k.before)}</TableCell>
                <TableCell className="text-right tabular-nums">{f.money(k.after)}</TableCell>
                <TableCell className={cn('text-right tabular-nums', costTone(k.difference))}>{signed(k.difference)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>
      <section aria-label={m.members}>
        <h3 className="mb-1 text-sm font-medium">{m.members}</h3>
        <p className="mb-2 text-xs text-muted-foreground">{m.memberNote}</p>
        {(result.members ?? []).length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.noMembersAffected}</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{m.member}</TableHead>
                <TableHead className="text-right">{m.before}</TableHead>
                <TableHead className="text-right">{m.after}</TableHead>
                <TableHead className="text-right">{m.difference}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {(result.members ?? []).map((p) => (
                <TableRow key={p.client_id}>
                  <TableCell className="whitespace-normal">{p.name}</TableCell>
                  <TableCell className="text-right tabular-nums">{f.money(p.before)}</TableCell>
                  <TableCell className="text-right tabular-nums">{f.money(p.after)}</TableCell>
                  <TableCell className="text-right font-medium tabular-nums">{signed(p.difference)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>
    </div>
  );
}
