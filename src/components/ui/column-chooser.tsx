// «Columnas»: which columns a wide list shows. A disclosure button and, under it, one labelled
// checkbox per column (Radix Checkbox): Tab moves between them, Space turns one on or off, Escape
// closes the list and returns to the button, a click outside closes it. The row's name column is not
// offered (useColumnChoice): a row always says what it is.
import { Columns3 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

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
    root.current?.querySelector<HTMLElement>('[role="checkbox"]')?.focus();
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
        <fieldset
          id={`${id}-list`}
          className="absolute top-full right-0 z-50 mt-1.5 flex max-h-[60vh] min-w-56 flex-col gap-0.5 overflow-y-auto rounded-lg border bg-popover p-2 text-popover-foreground shadow-lg"
        >
          <legend className="sr-only">Columnas que muestra la lista</legend>
          {columns.map((column) => (
            <div key={column.id} className="flex items-center gap-2 rounded-md px-1.5 py-1.5 hover:bg-accent">
              <Checkbox id={`${id}-${column.id}`} checked={!hidden.has(column.id)} onCheckedChange={(checked) => onToggle(column.id, checked === true)} />
              <Label htmlFor={`${id}-${column.id}`} className="flex-1 cursor-pointer font-normal">
                {column.label}
              </Label>
            </div>
          ))}
        </fieldset>
      )}
    </div>
  );
}
