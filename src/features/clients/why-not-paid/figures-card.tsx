import type { WhyNotPaid } from '@/api/clients-why/why-api';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/lib/format/use-format';
import { whyMessages as m } from './messages';

/** The month's money by what became of it (every figure from the database). */
export function FiguresCard({ why }: { why: WhyNotPaid }) {
  const fmt = useFormat();
  const rows: [string, number][] = [
    [m.earned, why.earned],
    [why.month_closed ? m.available : m.pending, why.month_closed ? why.available : why.pending],
    [m.forfeited, why.forfeited],
    [m.reversed, why.reversed],
  ];
  return (
    <Card data-testid="why-figures">
      <CardHeader>
        <CardTitle>{m.figures}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y">
          {rows.map(([label, value]) => (
            <div key={label} className="flex items-center justify-between gap-3 py-2">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="font-semibold tabular-nums">{fmt.money(value)}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

export function FiguresCardSkeleton() {
  return (
    <Card>
      <CardHeader>
        <Skeleton className="h-5 w-48" />
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-5 w-full" />
        ))}
      </CardContent>
    </Card>
  );
}
