import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/feedback/error-text';
import { cn } from '@/lib/utils';

export const LOAD_FAILED = 'No pudimos cargar esta información.';

/** A read that failed (after its retries): what happened, in Spanish, and «Reintentar». */
export function ErrorState({
  error,
  title = LOAD_FAILED,
  onRetry,
  retrying = false,
  className,
}: {
  /** Its `userMessage` (a DbError's sentence) is shown under the title when it has one. */
  error?: unknown;
  title?: string;
  onRetry?: () => unknown;
  retrying?: boolean;
  className?: string;
}) {
  const detail = errorText(error, '');
  return (
    <div role="alert" data-slot="error-state" className={cn('flex flex-col items-center justify-center gap-3 px-4 py-10 text-center', className)}>
      <div className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <TriangleAlert className="size-6" aria-hidden="true" />
      </div>
      <p className="text-base font-medium text-foreground">{title}</p>
      {detail && <p className="max-w-md text-sm text-muted-foreground">{detail}</p>}
      {onRetry && (
        <Button variant="outline" onClick={() => void onRetry()} disabled={retrying}>
          <RefreshCw className={cn(retrying && 'animate-spin')} aria-hidden="true" />
          Reintentar
        </Button>
      )}
    </div>
  );
}
