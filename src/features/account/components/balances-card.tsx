import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { Balance } from '@/api/rewards/rewards-api';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useFormat } from '@/lib/format/use-format';
import { accountMessages as m } from '../messages';

/** Disponible, pendiente and pagado; each opens the rows behind it in Mis Recompensas. */
export function BalancesCard({ balance, currentMonth }: { balance: Balance; currentMonth: string }) {
  const fmt = useFormat();
  const figures = [
    { key: 'available', label: m.available, hint: m.availableHint, value: balance.available, to: paths.rewards },
    { key: 'pending', label: m.pending, hint: m.pendingHint, value: balance.pending, to: `${paths.rewards}?mes=${currentMonth}` },
    { key: 'paid', label: m.paid, hint: m.paidHint, value: balance.paid, to: `${paths.rewards}#retiros` },
  ];
  return (
    <Card data-testid="balances-card">
      <CardHeader className="pb-4">
        <CardTitle>
          <h2>{m.balancesTitle}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y">
          {figures.map((f) => (
            <div key={f.key} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-0.5 py-3 first:pt-0">
              <dt className="col-start-1 row-start-1 font-medium">
                <Link to={f.to} className="underline-offset-4 hover:underline focus-visible:underline">
                  {f.label}
                </Link>
              </dt>
              <dd className="col-start-2 row-span-2 row-start-1 text-xl font-semibold whitespace-nowrap tabular-nums" data-testid={`balance-${f.key}`}>
                {fmt.money(f.value)}
              </dd>
              <dd className="col-start-1 row-start-2 text-xs text-muted-foreground">{f.hint}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
      <CardFooter>
        <Button asChild variant="outline">
          <Link to={paths.rewards}>
            {m.toRewards}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

export function BalancesCardSkeleton() {
  return (
    <Card>
      <CardHeader className="pb-4">
        <Skeleton className="h-5 w-28" />
      </CardHeader>
      <CardContent className="flex flex-col divide-y">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex items-center justify-between gap-4 py-3 first:pt-0">
            <div className="flex flex-col gap-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-3 w-40" />
            </div>
            <Skeleton className="h-6 w-24" />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
