import type * as React from 'react';
import { cn } from '@/lib/utils';

/** A placeholder block shaped like the content it stands for; hidden from assistive technology. */
export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="skeleton" aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted-foreground/15', className)} {...props} />;
}
