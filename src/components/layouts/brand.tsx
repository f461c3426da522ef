import { Sprout } from 'lucide-react';
import { appMessages } from '@/config/messages';
import { cn } from '@/lib/utils';

export function Brand({ subtitle, compact = false, className }: { subtitle: string; compact?: boolean; className?: string }) {
  return (
    <div className={cn('flex items-center gap-2.5', className)}>
      <span className="flex size-9 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <Sprout className="size-5" aria-hidden="true" />
      </span>
      <span className={cn('flex flex-col leading-tight', compact && 'max-sm:hidden')}>
        <span className="text-base font-semibold tracking-tight text-foreground">{appMessages.appName}</span>
        {!compact && <span className="text-xs text-muted-foreground">{subtitle}</span>}
      </span>
    </div>
  );
}
