import { cn } from '@/lib/utils';

/** The initial of the name, with the online dot. */
export function UserAvatar({ name, onlineLabel, className }: { name: string; onlineLabel: string; className?: string }) {
  return (
    <span
      className={cn(
        'relative inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground uppercase',
        className,
      )}
    >
      <span aria-hidden="true">{name.charAt(0)}</span>
      <span
        role="img"
        aria-label={onlineLabel}
        title={onlineLabel}
        data-testid="online-dot"
        className="absolute -right-0.5 -bottom-0.5 size-3 rounded-full bg-online ring-2 ring-background"
      />
    </span>
  );
}
