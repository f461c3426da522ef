import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/lib/utils';

export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;
export const SheetTitle = DialogPrimitive.Title;
export const SheetDescription = DialogPrimitive.Description;

export type SheetSide = keyof typeof sides;

const sides = {
  /** The mobile navigation. */
  left: 'animate-slide-in-left left-0 w-72 max-w-[85vw] border-r bg-sidebar text-sidebar-foreground',
  /** An item's detail: the whole width of a phone, a side panel from 640 px. */
  right: 'animate-slide-in-right right-0 w-full border-l bg-background text-foreground sm:max-w-xl',
} as const;

/** A panel that slides in from a side: the mobile navigation (left) or an item's detail (right). */
export function SheetContent({
  className,
  children,
  closeLabel,
  side = 'left',
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & { closeLabel: string; side?: SheetSide }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="animate-fade-in fixed inset-0 z-50 bg-black/50" />
      <DialogPrimitive.Content className={cn('fixed inset-y-0 z-50 flex h-full flex-col shadow-xl outline-none', sides[side], className)} {...props}>
        {children}
        <DialogPrimitive.Close
          className={cn(
            'absolute top-4 right-3 cursor-pointer rounded-md p-1.5 text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
            side === 'left' ? 'hover:bg-sidebar-accent' : 'hover:bg-accent',
          )}
          aria-label={closeLabel}
        >
          <X className="size-5" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
