import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Dashboard, DashboardMonth } from '@/api/dashboard/dashboard-api';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useFormat } from '@/lib/format/use-format';
import { links } from '../dashboard-links';
import { m } from '../messages';

/** The change against the previous month, as a share of it (no money is computed: only the ratio of two figures). */
function Change({ current, previous, previousMonth }: { current: number; previous: number; previousMonth: string }) {
  const f = useFormat();
  if (previous === 0) return <p className="text-xs text-muted-foreground">{m.vsPrevious(previousMonth)}: —</p>;
  const change = (current - previous) / previous;
  const up = change >= 0;
  const Icon = up ? ArrowUpRight : ArrowDownRight;
  return (
    <p className={cn('flex items-center gap-1 text-xs font-medium', up ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400')}>
      <Icon className="size-3.5" aria-hidden="true" />
      {up ? '+' : '−'}
      {f.percent(Math.abs(change))} {m.vsPrevious(previousMonth)}
    </p>
  );
}

function Figure({
  title,
  value,
  children,
  to,
  linkLabel,
  className,
}: {
  title: string;
  value: string;
  children?: ReactNode;
  to?: string;
  linkLabel?: string;
  className?: string;
}) {
  return (
    <Card data-slot="kpi-card" className={cn('flex flex-col gap-2 p-4', className)}>
      <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
      <p className="text-2xl font-semibold tracking-tight tabular-nums">{value}</p>
      <div className="flex flex-1 flex-col gap-1 text-sm text-muted-foreground">{children}</div>
      {to && linkLabel && (
        <Link
          to={to}
          className="self-start text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          {linkLabel}
          <span className="sr-only">: {title}</span>
        </Link>
      )}
    </Card>
  );
}

/** The month in figures against the previous one; each card says what it counts and opens its rows. */
export function KpiCards({ data }: { data: Dashboard }) {
  const f = useFormat();
  const current = data.months.at(-1) as DashboardMonth;
  const previous = data.months.at(-2) as DashboardMonth;
  const prevName = f.month(previous.month);
  const share = current.registered_members > 0 ? current.active_members / current.registered_members : 0;
  return (
    <section aria-labelledby="dashboard-month" className="flex flex-col gap-3">
      <h2 id="dashboard-month" className="text-lg font-semibold">
        {m.monthTitle(f.month(current.month))}
      </h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <Figure title={m.salesTitle} value={f.money(current.sales_total)} to={links.monthSales(current.month)} linkLabel={m.viewSales}>
          <Change current={current.sales_total} previous={previous.sales_total} previousMonth={prevName} />
          <p>{m.salesNote(f.count(current.sales_count))}</p>
        </Figure>
        <Figure title={m.newMembersTitle} value={f.count(current.new_members)} to={links.newMembers()} linkLabel={m.viewMembers}>
          <Change current={current.new_members} previous={previous.new_members} previousMonth={prevName} />
          <p>{m.newMembersNote}</p>
        </Figure>
        <Figure title={m.activeTitle} value={f.count(current.active_members)} to={links.activeMembers()} linkLabel={m.viewMembers}>
          <Change current={current.active_members} previous={previous.active_members} previousMonth={prevName} />
          <p>{m.activeNote(f.percent(share), f.count(current.registered_members))}</p>
        </Figure>
        <Figure title={m.pendingApprovalsTitle} value={f.count(data.approvals.count)} to={links.approvals()} linkLabel={m.viewApprovals}>
          <p>{m.pendingApprovalsNote}</p>
        </Figure>
        <Figure title={m.pendingPayoutsTitle} value={f.money(data.payouts.amount)} to={links.payouts()} linkLabel={m.viewPayouts}>
          <p>{m.pendingPayoutsNote(data.payouts.pending + data.payouts.approved)}</p>
        </Figure>
        <Figure title={m.liabilityTitle} value={f.money(data.liability.total)} to={links.payouts('aprobado')} linkLabel={m.viewPayouts}>
          <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5">
            <dt>{m.liabilityPending}</dt>
            <dd className="text-right tabular-nums">{f.money(data.liability.pending)}</dd>
            <dt>{m.liabilityAvailable}</dt>
            <dd className="text-right tabular-nums">{f.money(data.liability.available_unpaid)}</dd>
          </dl>
        </Figure>
        <Figure
          className="sm:col-span-2 xl:col-span-2"
          title={m.ratioTitle}
          value={current.payout_ratio === null ? m.noRatio : f.percent(current.payout_ratio)}
        >
          <p>{m.ratioParts(f.money(current.rewards_net), f.money(current.commissionable_sales))}</p>
          {data.projection.payout_ratio !== null && <p className="font-medium text-foreground">{m.ratioProjection(f.percent(data.projection.payout_ratio))}</p>}
          <p className="text-xs">{data.projection.basis_month ? m.ratioProjectionHow(f.month(data.projection.basis_month)) : m.ratioProjectionNone}</p>
        </Figure>
      </div>
    </section>
  );
}
