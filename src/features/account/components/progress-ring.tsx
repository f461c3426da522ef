import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A ring filled to `value / max` (full past it), with its figure in the middle; read as one image. */
export function ProgressRing({
  value,
  max,
  label,
  children,
  className,
}: {
  value: number;
  max: number;
  label: string;
  children: ReactNode;
  className?: string;
}) {
  const share = max > 0 ? Math.min(Math.max(value / max, 0), 1) : 0;
  return (
    <div role="img" aria-label={label} className={cn('relative size-36 shrink-0', className)}>
      <svg viewBox="0 0 120 120" className="size-full -rotate-90" aria-hidden="true">
        <circle cx="60" cy="60" r={RADIUS} fill="none" strokeWidth="10" className="stroke-muted" />
        <circle
          cx="60"
          cy="60"
          r={RADIUS}
          fill="none"
          strokeWidth="10"
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - share)}
          className={cn('transition-[stroke-dashoffset] duration-500', share >= 1 ? 'stroke-primary' : 'stroke-tone-amber-foreground')}
        />
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center text-center" aria-hidden="true">
        {children}
      </div>
    </div>
  );
}
