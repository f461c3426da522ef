// A sheet whose code loads on the first click of its button. The shells carry two on every page (the
// phone's menu and the notification bell) and most visits open neither: Radix Dialog, with its focus,
// scroll-lock and layer helpers, would otherwise ride in every route's first load.
import { Slot } from '@radix-ui/react-slot';
import { lazy, Suspense, useRef, useState, type ReactElement, type ReactNode } from 'react';
import type { SheetSide } from './sheet';

const SheetPanel = lazy(() => import('./sheet-panel'));

export interface SheetOnDemandProps {
  /** The button that opens it (its click also loads the sheet the first time). */
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side?: SheetSide;
  closeLabel: string;
  /** For a sheet whose content has no visible title (the phone's menu): read by screen readers only. */
  hiddenTitle?: string;
  children: ReactNode;
}

export function SheetOnDemand({ trigger, open, onOpenChange, children, ...panel }: SheetOnDemandProps) {
  const [wanted, setWanted] = useState(false);
  const triggerRef = useRef<HTMLElement>(null);
  return (
    <>
      <Slot
        ref={triggerRef}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          onOpenChange(true);
        }}
      >
        {trigger}
      </Slot>
      {wanted && (
        <Suspense fallback={null}>
          <SheetPanel open={open} onOpenChange={onOpenChange} returnFocusTo={triggerRef} {...panel}>
            {children}
          </SheetPanel>
        </Suspense>
      )}
    </>
  );
}
