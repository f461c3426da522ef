// What SheetOnDemand loads on the first click: the sheet itself, given back its button's focus when it
// closes (Radix returns focus to its own Trigger, which a sheet opened from outside does not have).
import type { RefObject } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './sheet';
import type { SheetOnDemandProps } from './sheet-on-demand';

type SheetPanelProps = Omit<SheetOnDemandProps, 'trigger'> & { returnFocusTo: RefObject<HTMLElement | null> };

export default function SheetPanel({ open, onOpenChange, returnFocusTo, hiddenTitle, children, ...content }: SheetPanelProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        {...content}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        {hiddenTitle && (
          <>
            <SheetTitle className="sr-only">{hiddenTitle}</SheetTitle>
            <SheetDescription className="sr-only">{hiddenTitle}</SheetDescription>
          </>
        )}
        {children}
      </SheetContent>
    </Sheet>
  );
}
