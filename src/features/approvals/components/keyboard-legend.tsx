import { Keyboard } from 'lucide-react';
import { cn } from '@/lib/utils';
import { approvalMessages as m } from '../messages';

/** The queue's shortcuts, said on screen (they work only outside fields and dialogs). */
export function KeyboardLegend({ className }: { className?: string }) {
  return (
    <section
      aria-label={m.shortcutsTitle}
      className={cn('rounded-lg border border-dashed p-3 text-xs text-muted-foreground', className)}
      data-testid="keyboard-legend"
    >
      <p className="mb-2 flex items-center gap-1.5 font-medium text-foreground">
        <Keyboard className="size-4" aria-hidden="true" />
        {m.shortcutsTitle}
      </p>
      <ul className="grid grid-cols-2 gap-x-3 gap-y-1.5">
        {m.shortcuts.map((s) => (
          <li key={s.key} className="flex items-center gap-1.5">
            <kbd className="inline-flex min-w-6 items-center justify-center rounded border bg-muted px-1.5 py-0.5 font-mono text-[0.7rem] font-semibold text-foreground">
              {s.key}
            </kbd>
            {s.what}
          </li>
        ))}
      </ul>
      <p className="mt-2">{m.shortcutsHint}</p>
    </section>
  );
}
