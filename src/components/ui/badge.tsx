import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '@/lib/utils';

// Tones are colours, not meanings: the domain badges (src/components/status-badge.tsx) pick one
// per state and always show its text too, so colour is never the only signal.
const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center gap-1 rounded-md border px-2 py-0.5 text-xs font-medium whitespace-nowrap [&>svg]:pointer-events-none [&>svg]:size-3.5 [&>svg]:shrink-0',
  {
    variants: {
      tone: {
        default: 'border-transparent bg-primary text-primary-foreground',
        outline: 'border-border text-foreground',
        green: 'border-tone-green-foreground/20 bg-tone-green text-tone-green-foreground',
        blue: 'border-tone-blue-foreground/20 bg-tone-blue text-tone-blue-foreground',
        amber: 'border-tone-amber-foreground/20 bg-tone-amber text-tone-amber-foreground',
        red: 'border-tone-red-foreground/20 bg-tone-red text-tone-red-foreground',
        violet: 'border-tone-violet-foreground/20 bg-tone-violet text-tone-violet-foreground',
        gray: 'border-tone-gray-foreground/20 bg-tone-gray text-tone-gray-foreground',
      },
    },
    defaultVariants: { tone: 'default' },
  },
);

export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>['tone']>;

export function Badge({ className, tone, asChild = false, ...props }: React.ComponentProps<'span'> & { tone?: BadgeTone; asChild?: boolean }) {
  const Comp = asChild ? Slot : 'span';
  return <Comp data-slot="badge" data-tone={tone ?? 'default'} className={cn(badgeVariants({ tone }), className)} {...props} />;
}
