// How a job of the database is going (the month close, a simulation, a change of time zone): what it is
// doing now, its step of how many, and, in a step that goes through members or sales, how far it is.
// The figures are the job's own (private.jobs); each screen names its steps.
import { LoaderCircle } from 'lucide-react';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';

export interface JobProgressProps {
  /** What the job is doing, as the screen says it («El cierre está en marcha.»). */
  title: string;
  /** The step under way, named by the screen; none before the first step. */
  step?: string | null;
  stepNo?: number | null;
  steps?: number | null;
  /** How far the step is, of `total` `unit` (e.g. members); null when the step is not counted. */
  done?: number | null;
  total?: number | null;
  unit?: string;
  tone?: 'blue' | 'plain';
}

/** Of the whole job: the steps done plus the fraction of the one under way. */
function jobFraction({ stepNo, steps, done, total }: Pick<JobProgressProps, 'stepNo' | 'steps' | 'done' | 'total'>): number | null {
  if (!stepNo || !steps) return null;
  const inStep = done != null && total ? Math.min(done / total, 1) : 0;
  return Math.min((stepNo - 1 + inStep) / steps, 1);
}

export function JobProgress({ title, step, stepNo, steps, done, total, unit, tone = 'blue' }: JobProgressProps) {
  const f = useFormat();
  const fraction = jobFraction({ stepNo, steps, done, total });
  const percent = fraction === null ? null : Math.round(fraction * 100);
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex flex-col gap-2 rounded-md p-3 text-sm', tone === 'blue' ? 'bg-tone-blue text-tone-blue-foreground' : 'border')}
    >
      <p className="flex items-start gap-2">
        <LoaderCircle className="mt-0.5 size-4 shrink-0 animate-spin" aria-hidden="true" />
        <span>{title}</span>
      </p>
      {step && stepNo && steps ? (
        <>
          <p className="font-medium">
            Paso {f.count(stepNo)} de {f.count(steps)}: {step}
            {done != null && total ? ` (${f.count(done)} de ${f.count(total)}${unit ? ` ${unit}` : ''})` : ''}
          </p>
          <div
            role="progressbar"
            aria-label={title}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent ?? 0}
            aria-valuetext={`${percent ?? 0} %`}
            className="h-2 w-full overflow-hidden rounded-full bg-background/60"
          >
            <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${percent ?? 0}%` }} />
          </div>
        </>
      ) : null}
    </div>
  );
}
