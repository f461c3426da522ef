// The months, newest first, each with its state; the selected one is marked for screen readers too.
import type { CloseMonth } from '@/api/periods/periods-api';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { m } from './messages';

function monthState(month: CloseMonth): { label: string; tone: BadgeTone } {
  if (month.job_status === 'queued' || month.job_status === 'running') return { label: m.jobStates[month.job_status], tone: 'blue' };
  if (month.status === 'closed') return { label: m.states.closed, tone: 'gray' };
  if (month.job_status === 'failed') return { label: m.jobStates.failed, tone: 'red' };
  return month.ended ? { label: m.states.open, tone: 'amber' } : { label: m.states.current, tone: 'green' };
}

export function MonthList({ months, selected, onSelect }: { months: CloseMonth[]; selected: string; onSelect: (month: string) => void }) {
  const f = useFormat();
  return (
    <ul aria-label={m.monthsTitle} className="flex max-h-[28rem] flex-col gap-1 overflow-y-auto rounded-lg border bg-card p-1">
      {months.map((month) => {
        const state = monthState(month);
        const current = month.month === selected;
        return (
          <li key={month.month}>
            <button
              type="button"
              aria-current={current ? 'true' : undefined}
              onClick={() => onSelect(month.month)}
              className={cn(
                'flex w-full items-center justify-between gap-2 rounded-md px-3 py-2 text-left text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                current && 'bg-accent font-medium',
              )}
            >
              <span>{f.month(month.month)}</span>
              <Badge tone={state.tone}>{state.label}</Badge>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
