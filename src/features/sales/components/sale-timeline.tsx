// What happened to a sale, in order: created, approved or rejected, delivered, cancelled, each with
// when, who, and the reason where there is one (get_sale_detail).
import { Ban, CircleCheck, Clock, PackageCheck, Send, XCircle, type LucideIcon } from 'lucide-react';
import type { SaleDetail, TimelineStep } from '@/api/sales-admin/sales-admin-api';
import { PENDING_SALE_STATUSES } from '@/lib/data/domain';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { m } from '../messages';

const looks: Record<TimelineStep['step'], { icon: LucideIcon; tone: string }> = {
  created: { icon: Send, tone: 'text-primary' },
  approved: { icon: CircleCheck, tone: 'text-tone-green-foreground' },
  rejected: { icon: XCircle, tone: 'text-tone-red-foreground' },
  delivered: { icon: PackageCheck, tone: 'text-tone-blue-foreground' },
  cancelled: { icon: Ban, tone: 'text-muted-foreground' },
};

export function SaleTimeline({ detail }: { detail: SaleDetail }) {
  const f = useFormat();
  const waiting = (PENDING_SALE_STATUSES as readonly string[]).includes(detail.sale.status);
  const label = (step: TimelineStep['step']) => (step === 'created' ? m.createdBy[detail.sale.kind] : m.steps[step]);
  return (
    <ol className="flex flex-col" aria-label={m.timeline} data-testid="sale-timeline">
      {detail.timeline.map((step, i) => {
        const { icon: Icon, tone } = looks[step.step];
        const last = i === detail.timeline.length - 1 && !waiting;
        return (
          <li key={step.step} className="relative flex gap-3 pb-4 last:pb-0">
            {!last && <span className="absolute top-6 bottom-0 left-[11px] w-px bg-border" aria-hidden="true" />}
            <span className={cn('relative flex size-6 shrink-0 items-center justify-center rounded-full bg-muted', tone)}>
              <Icon className="size-3.5" aria-hidden="true" />
            </span>
            <div className="min-w-0 pt-0.5 text-sm">
              <p className="font-medium">{label(step.step)}</p>
              <p className="text-xs text-muted-foreground">
                {f.dateTime(step.at)}
                {step.by ? ` · ${m.by(step.by)}` : ''}
              </p>
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
      {waiting && (
        <li className="relative flex gap-3">
          <span className="relative flex size-6 shrink-0 items-center justify-center rounded-full bg-muted text-tone-amber-foreground">
            <Clock className="size-3.5" aria-hidden="true" />
          </span>
          <p className="pt-0.5 text-sm font-medium">{detail.sale.status}</p>
        </li>
      )}
    </ol>
  );
}
