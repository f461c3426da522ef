// «Columnas»: which columns a wide list shows. A disclosure button and, under it, one labelled
// checkbox per column (Radix Checkbox): Tab moves between them, Space turns one on or off, Escape
// closes the list and returns to the button, a click outside closes it. The row's name column is not
// offered (useColumnChoice): a row always says what it is.
import { Columns3 } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

// The checkboxes load on the first click (column-chooser-list.tsx): the list's first load carries
// only the button.
const ColumnChooserList = lazy(() => import('./column-chooser-list'));

export interface ChoosableColumn {
  id: string;
  label: string;
}

interface ColumnChooserProps {
  columns: readonly ChoosableColumn[];
  hidden: ReadonlySet<string>;
  onToggle: (id: string, visible: boolean) => void;
  className?: string;
}

export function ColumnChooser({ columns, hidden, onToggle, className }: ColumnChooserProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const shown = columns.length - columns.filter((c) => hidden.has(c.id)).length;

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  return (
    <div
      ref={root}
      className={cn('relative', className)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <Button
        ref={button}
        type="button"
        variant="outline"
        size="sm"
        aria-expanded={open}
        aria-controls={open ? `${id}-list` : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <Columns3 aria-hidden="true" />
        Columnas
        <span className="text-muted-foreground tabular-nums">{`${shown} de ${columns.length}`}</span>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ColumnChooserList id={`${id}-list`} columns={columns} hidden={hidden} onToggle={onToggle} />
        </Suspense>
      )}
    </div>
  );
}
