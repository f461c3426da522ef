import { Link } from 'react-router';
import type { Balance } from '@/api/rewards/rewards-api';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/lib/format/use-format';
import { rewardsMessages as m } from '../messages';

/**
 * Disponible, pendiente, reservado, pagado; each label opens the rows behind its figure. Two by two
 * until the screen is wide: beside «Mis retiros», four columns leave a peso figure («$ 187.207»)
 * no room at 1280 px.
 */
export function BalanceSummary({ balance, currentMonth }: { balance: Balance; currentMonth: string }) {
  const fmt = useFormat();
  const figures = [
    { key: 'available', label: m.available, hint: m.availableHint, value: balance.available, to: '?' },
    { key: 'pending', label: m.pending, hint: m.pendingHint, value: balance.pending, to: `?mes=${currentMonth}` },
    { key: 'reserved', label: m.reserved, hint: m.reservedHint, value: balance.reserved, to: '#retiros' },
    { key: 'paid', label: m.paid, hint: m.paidHint, value: balance.paid, to: '#retiros' },
  ];
  return (
    <section aria-labelledby="balances-title">
      <h2 id="balances-title" className="sr-only">
        {m.balancesTitle}
      </h2>
      <dl className="grid grid-cols-2 gap-3 2xl:grid-cols-4">
        {figures.map((f) => (
          <Card key={f.key} className="flex flex-col gap-1 p-4">
            <dt className="text-sm font-medium text-muted-foreground">
              <Link to={f.to} className="underline-offset-4 hover:underline focus-visible:underline">
                {f.label}
              </Link>
            </dt>
            <dd className="text-xl font-semibold tabular-nums sm:text-2xl" data-testid={`balance-${f.key}`}>
              {fmt.money(f.value)}
            </dd>
            <dd className="text-xs text-muted-foreground">{f.hint}</dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}

export function BalanceSummarySkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 2xl:grid-cols-4" aria-hidden="true">
      {[0, 1, 2, 3].map((i) => (
        <Card key={i} className="flex flex-col gap-2 p-4">
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-7 w-28" />
          <Skeleton className="h-3 w-32 max-w-full" />
        </Card>
      ))}
    </div>
  );
}
