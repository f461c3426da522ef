// The list under «Columnas» (column-chooser.tsx): loaded on the first click, so a list's first load
// carries only the button. One labelled Radix checkbox per column; the first takes the focus.
import { useEffect, useRef } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import type { ChoosableColumn } from '@/components/ui/column-chooser';
import { Label } from '@/components/ui/label';

interface ColumnListProps {
  id: string;
  columns: readonly ChoosableColumn[];
  hidden: ReadonlySet<string>;
  onToggle: (id: string, visible: boolean) => void;
}

export default function ColumnChooserList({ id, columns, hidden, onToggle }: ColumnListProps) {
  const list = useRef<HTMLFieldSetElement>(null);
  useEffect(() => list.current?.querySelector<HTMLElement>('[role="checkbox"]')?.focus(), []);
  return (
    <fieldset
      ref={list}
      id={id}
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
  );
}
