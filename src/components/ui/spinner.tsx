import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A spinner with its text; the text is what assistive technology announces. */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn('flex flex-col items-center justify-center gap-3 text-muted-foreground', className)}>
      <LoaderCircle className="size-8 animate-spin text-primary" aria-hidden="true" />
      <span className="text-sm font-medium">{label}</span>
    </div>
  );
}
