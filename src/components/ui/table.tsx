import type * as React from 'react';
import { cn } from '@/lib/utils';

interface TableProps extends React.ComponentProps<'table'> {
  containerClassName?: string;
  /**
   * The table may be wider than its box and says so: a shadow and a chevron on the right while there is
   * more (gone once scrolled to the end; index.css, no script), and the scroller is a labelled region
   * the keyboard can scroll. Its rows keep their name in a sticky cell (`stickyCell`). The e2e overflow check
   * (tests/e2e/overflow.ts) allows figures scrolled out of sight only in such a scroller: it finds it
   * by `data-scroll-hint` and verifies the sticky cells and the hint (the wrapper's ::after). The look
   * is in index.css.
   */
  scrollHint?: boolean;
}

/** A table that scrolls sideways inside its box rather than widening the page. */
export function Table({ className, containerClassName, scrollHint, ...props }: TableProps) {
  const table = <table data-slot="table" className={cn('w-full caption-bottom text-sm', className)} {...props} />;
  if (scrollHint)
    return (
      <HintedScroller label={props['aria-label']} className={containerClassName}>
        {table}
      </HintedScroller>
    );
  return (
    <div data-slot="table-container" className={cn('relative w-full overflow-x-auto', containerClassName)}>
      {table}
    </div>
  );
}

/** The class of a row's name cell in a `scrollHint` table: it stays while the figures scroll under it. */
export const stickyCell = 'sticky-name';

function HintedScroller({ label, className, children }: { label?: string; className?: string; children: React.ReactNode }) {
  // A named region the keyboard can scroll (Tab, then the arrows); its look is in index.css.
  return (
    <div className={cn('table-hinted', className)}>
      <div
        data-slot="table-container"
        data-scroll-hint=""
        tabIndex={0}
        role={label ? 'region' : undefined}
        aria-label={label ? `Tabla: ${label}` : undefined}
        className="table-scroller"
      >
        {children}
      </div>
    </div>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  return <thead data-slot="table-header" className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return <tr data-slot="table-row" className={cn('border-b transition-colors aria-[current=true]:bg-accent', className)} {...props} />;
}

export function TableHead({ className, ...props }: React.ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      className={cn('h-10 px-3 text-left align-middle text-xs font-medium whitespace-nowrap text-muted-foreground', className)}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: React.ComponentProps<'td'>) {
  return <td data-slot="table-cell" className={cn('px-3 py-2.5 align-middle', className)} {...props} />;
}

export function TableCaption({ className, ...props }: React.ComponentProps<'caption'>) {
  return <caption data-slot="table-caption" className={cn('mt-3 text-sm text-muted-foreground', className)} {...props} />;
}
