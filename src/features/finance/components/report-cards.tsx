import type { ReactNode } from 'react';
import type { FinanceMonth } from '@/api/finance/finance-api';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useFormat } from '@/lib/format/use-format';
import { m } from '../messages';

function Figure({ title, value, children, testId }: { title: string; value: string; children?: ReactNode; testId: string }) {
  return (
    <Card data-testid={testId} className="flex flex-col gap-2 p-4">
      <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
      <p className={cn('text-2xl font-semibold tracking-tight tabular-nums')} data-slot="figure">
        {value}
      </p>
      <div className="text-sm text-muted-foreground">{children}</div>
    </Card>
  );
}

/** The month's report: each card says what it counts; every amount comes from the database. */
export function ReportCards({ data }: { data: FinanceMonth }) {
  const f = useFormat();
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
      <Figure testId="finance-revenue" title={m.revenue} value={f.money(data.revenue)}>
        {m.revenueNote}
      </Figure>
      <Figure testId="finance-cost" title={m.cost} value={f.money(data.cost_of_goods)}>
        {m.costNote}
        {data.units_without_cost > 0 && (
          <span className="mt-1 block text-amber-800 dark:text-amber-300">{m.withoutCost(f.count(data.units_without_cost))}</span>
        )}
      </Figure>
      <Figure testId="finance-gross-margin" title={m.grossMargin} value={f.money(data.gross_margin)}>
        {m.grossMarginNote}
      </Figure>
      <Figure testId="finance-rewards" title={m.rewards} value={f.money(data.rewards_net)}>
        {m.rewardsNote(f.money(data.commissions), f.money(data.bonuses), f.money(data.reversals))}
      </Figure>
      <Figure testId="finance-after-rewards" title={m.afterRewards} value={f.money(data.margin_after_rewards)}>
        {m.afterRewardsNote}
      </Figure>
      <Figure testId="finance-liability" title={m.liability} value={f.money(data.liability)}>
        {m.liabilityNote}
      </Figure>
      <Figure testId="finance-payouts" title={m.payoutsPaid} value={f.money(data.payouts_paid)}>
        {m.payoutsPaidNote}
      </Figure>
      <Figure testId="finance-clawbacks" title={m.clawbacks} value={f.money(data.clawbacks)}>
        {m.clawbacksNote}
      </Figure>
    </div>
  );
}
