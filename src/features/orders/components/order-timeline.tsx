// What happened to an order, in order: sent, approved or rejected (with the reason), delivered,
// cancelled (with the reason), and «Esperando aprobación» while it waits.
import { Ban, CircleCheck, Clock, PackageCheck, Send, XCircle, type LucideIcon } from 'lucide-react';
import type { Sale } from '@/api/sales/sales-api';
import { PENDING_SALE_STATUSES } from '@/lib/data/domain';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { orderMessages as m } from '../messages';

interface Step {
  key: string;
  label: string;
  at: string | null;
  reason?: string | null;
  icon: LucideIcon;
  tone: string;
}

function timelineSteps(sale: Sale): Step[] {
  const created = sale.kind === 'enrollment' ? m.createdEnrolment : sale.kind === 'direct' ? m.createdDirect : m.created;
  const steps: Step[] = [
    {
      key: 'created',
      label: created,
      at: sale.created_at,
      icon: Send,
      tone: 'text-primary',
    },
  ];
  // A direct sale is paid as it is made: no separate approval to show.
  if (sale.approved_at && sale.kind !== 'direct')
    steps.push({
      key: 'approved',
      label: m.approved,
      at: sale.approved_at,
      icon: CircleCheck,
      tone: 'text-tone-green-foreground',
    });
  if (sale.rejected_at)
    steps.push({
      key: 'rejected',
      label: m.rejected,
      at: sale.rejected_at,
      reason: sale.rejection_reason,
      icon: XCircle,
      tone: 'text-tone-red-foreground',
    });
  if (sale.delivered_at)
    steps.push({
      key: 'delivered',
      label: m.delivered,
      at: sale.delivered_at,
      icon: PackageCheck,
      tone: 'text-tone-blue-foreground',
    });
  if (sale.cancelled_at)
    steps.push({
      key: 'cancelled',
      label: m.cancelled,
      at: sale.cancelled_at,
      reason: sale.cancellation_reason,
      icon: Ban,
      tone: 'text-muted-foreground',
    });
  steps.sort((a, b) => (a.at ?? '').localeCompare(b.at ?? ''));
  if ((PENDING_SALE_STATUSES as readonly string[]).includes(sale.status)) {
    steps.push({
      key: 'waiting',
      label: m.waiting,
      at: null,
      icon: Clock,
      tone: 'text-tone-amber-foreground',
    });
  }
  return steps;
}

export function OrderTimeline({ sale }: { sale: Sale }) {
  const f = useFormat();
  const steps = timelineSteps(sale);
  return (
    <ol className="flex flex-col" aria-label={m.timeline}>
      {steps.map((step, i) => {
        const Icon = step.icon;
        const last = i === steps.length - 1;
        return (
          <li key={step.key} className="relative flex gap-3 pb-4 last:pb-0">
            {!last && <span className="absolute top-6 bottom-0 left-[11px] w-px bg-border" aria-hidden="true" />}
            <span className={cn('relative flex size-6 shrink-0 items-center justify-center rounded-full bg-muted', step.tone)}>
              <Icon className="size-3.5" aria-hidden="true" />
            </span>
            <div className="min-w-0 pt-0.5 text-sm">
              <p className="font-medium">{step.label}</p>
              {step.at && <p className="text-xs text-muted-foreground">{f.dateTime(step.at)}</p>}
              {step.reason && (
                <p className="mt-1 text-sm">
                  <span className="text-muted-foreground">{m.reasonLabel}: </span>
                  {step.reason}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
