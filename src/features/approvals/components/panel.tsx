import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A titled part of the sale under review. */
export function Panel({ title, aside, children, className }: { title: string; aside?: ReactNode; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn('@container rounded-xl border bg-card p-4 text-card-foreground shadow-xs sm:p-5', className)}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={id} className="text-base font-semibold">
          {title}
        </h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** «Label: value» lines. */
export function Facts({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    // Label beside value where there is room, above it in a narrow panel (a phone).
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1.5 text-sm @sm:grid-cols-[auto_1fr]">
      {items.map((item) => (
        <div key={item.label} className="contents">
          <dt className="text-muted-foreground max-@sm:mt-1 max-@sm:text-xs">{item.label}</dt>
          <dd className="min-w-0 break-words">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Tone = 'danger' | 'warning' | 'info';

const tones: Record<Tone, string> = {
  danger: 'border-tone-red-foreground/30 bg-tone-red text-tone-red-foreground',
  warning: 'border-tone-amber-foreground/30 bg-tone-amber text-tone-amber-foreground',
  info: 'border-tone-blue-foreground/25 bg-tone-blue text-tone-blue-foreground',
};

/** A callout the approver must not miss: fraud signs, missing stock, the bank reminder. */
export function Callout({ tone, icon, title, children, testId }: { tone: Tone; icon: ReactNode; title?: string; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId} className={cn('flex gap-3 rounded-lg border p-3 text-sm', tones[tone])}>
      <span data-icon className="mt-0.5 shrink-0 [&>svg]:size-4">
        {icon}
      </span>
      <div className="min-w-0 flex-1 space-y-1.5">
        {title && <p className="font-semibold">{title}</p>}
        {children}
      </div>
    </div>
  );
}
