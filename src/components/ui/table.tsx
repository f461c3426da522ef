import { ChevronRight } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import type * as React from 'react';
import { cn } from '@/lib/utils';

interface TableProps extends React.ComponentProps<'table'> {
  containerClassName?: string;
  /**
   * The table may be wider than its box and says so: a shadow and a chevron on the side that has more
   * (gone once scrolled to the end), and the scroller is a labelled region the keyboard can scroll.
   * Its rows keep their name in a sticky cell (`stickyCell`). The e2e overflow check
   * (tests/e2e/overflow.ts) allows figures scrolled out of sight only in such a scroller: it finds it
   * by `data-scroll-hint` and verifies the sticky cells and the hint.
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

/** The classes of a row's name cell in a `scrollHint` table: it stays while the figures scroll under it. */
export const stickyCell = 'sticky left-0 z-10 bg-card [tr[aria-current=true]>&]:bg-accent';

function HintedScroller({ label, className, children }: { label?: string; className?: string; children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const before = el.scrollLeft > 1;
      const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setMore((m) => (m.before === before && m.after === after ? m : { before, after }));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, []);
  const scrolls = more.before || more.after;
  return (
    <div className={cn('relative w-full', className)}>
      <div
        ref={ref}
        data-slot="table-container"
        data-scroll-hint=""
        // Focusable only while it scrolls, so the arrow keys reach what is out of sight.
        tabIndex={scrolls ? 0 : undefined}
        role={scrolls ? 'region' : undefined}
        aria-label={scrolls && label ? `${label} (desliza para ver más columnas)` : undefined}
        className={cn(
          'w-full overflow-x-auto rounded-[inherit] focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none focus-visible:ring-inset',
          more.before && '[&_.sticky]:shadow-[6px_0_6px_-4px_rgb(0_0_0/0.18)]',
        )}
      >
        {children}
      </div>
      {more.after && (
        <div
          data-slot="scroll-hint"
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-0 z-20 flex w-10 items-start justify-end rounded-r-[inherit] bg-linear-to-l from-foreground/15 to-transparent pt-2.5 pr-1"
        >
          <ChevronRight className="size-4 rounded-full bg-card text-foreground shadow-sm" />
        </div>
      )}
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
