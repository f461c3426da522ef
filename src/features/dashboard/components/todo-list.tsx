import { AlertTriangle, ChevronRight, ClipboardCheck, PackageX, Users, Wallet } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Dashboard } from '@/api/dashboard/dashboard-api';
import { Card } from '@/components/ui/card';
import { useFormat } from '@/lib/format/use-format';
import { links } from '../dashboard-links';
import { m } from '../messages';
import { NearActiveSheet } from './near-active-sheet';

/** Whole days from an instant to now (the age of the oldest approval). */
function daysSince(instant: string): number {
  return Math.max(0, Math.floor((Date.now() - new Date(instant).getTime()) / 86_400_000));
}

function TodoRow({ icon: Icon, title, detail, to, children }: { icon: LucideIcon; title: string; detail?: string; to?: string; children?: ReactNode }) {
  const body = (
    <>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-medium text-foreground">{title}</span>
        {detail && <span className="text-sm text-muted-foreground">{detail}</span>}
      </span>
      {to && <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />}
    </>
  );
  return (
    <li>
      {to ? (
        <Link
          to={to}
          className="flex items-center gap-3 rounded-lg px-3 py-2.5 transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          {body}
        </Link>
      ) : (
        <div className="flex items-center gap-3 px-3 py-2.5">{body}</div>
      )}
      {children}
    </li>
  );
}

/** What needs doing today, each item a link to its filtered list. */
export function TodoList({ data }: { data: Dashboard }) {
  const f = useFormat();
  const { approvals, payouts } = data;
  const toPay = payouts.pending + payouts.approved;
  const nearCount = data.months.at(-1)?.near_active_members ?? 0;
  const showNear = data.days_left <= 5 && nearCount > 0;
  const empty = approvals.count === 0 && toPay === 0 && data.running_out.length === 0 && !showNear;
  return (
    <section aria-labelledby="dashboard-todo" className="flex flex-col gap-3">
      <h2 id="dashboard-todo" className="text-lg font-semibold">
        {m.todoTitle}
      </h2>
      <Card className="p-2">
        {empty ? (
          <p className="px-3 py-2.5 text-sm text-muted-foreground">{m.todoNothing}</p>
        ) : (
          <ul className="flex flex-col">
            {approvals.count > 0 && (
              <TodoRow
                icon={ClipboardCheck}
                title={m.approvals(approvals.count)}
                detail={approvals.oldest_at ? `${m.oldestSince(f.dateTime(approvals.oldest_at))} (${daysSince(approvals.oldest_at)} d)` : undefined}
                to={links.approvals()}
              />
            )}
            {toPay > 0 && (
              <TodoRow
                icon={Wallet}
                title={m.payouts(toPay)}
                detail={m.payoutsDetail(payouts.pending, payouts.approved, f.money(payouts.amount))}
                to={links.payouts(payouts.pending > 0 ? 'pendiente' : 'aprobado')}
              />
            )}
            {data.running_out.map((p) => (
              <TodoRow
                key={p.product_id}
                icon={PackageX}
                title={m.runningOut(p.name, p.days_left)}
                detail={m.runningOutDetail(f.count(p.stock), f.count(p.units_30_days))}
                to={links.product(p.product_id)}
              />
            ))}
            {showNear && (
              <TodoRow
                icon={Users}
                title={m.nearActive(nearCount, data.near_active_from, data.activity_points - 1)}
                detail={m.nearActiveDetail(data.days_left)}
              >
                <div className="px-3 pb-2 pl-15">
                  <NearActiveSheet from={data.near_active_from} to={data.activity_points - 1} />
                </div>
              </TodoRow>
            )}
          </ul>
        )}
      </Card>
    </section>
  );
}

/** While a month before this one is still open: its close is due. */
export function UnclosedBanner({ months, isSuperadmin }: { months: string[]; isSuperadmin: boolean }) {
  const f = useFormat();
  const month = months.at(-1);
  if (!month) return null;
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm">
      <AlertTriangle className="size-5 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-foreground">{m.unclosedTitle(f.month(month))}</p>
        <p className="text-muted-foreground">{isSuperadmin ? m.unclosedSuper : m.unclosedAdmin}</p>
      </div>
      {isSuperadmin && (
        <Link
          to={links.settings()}
          className="font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          {m.goToSettings}
        </Link>
      )}
    </div>
  );
}
