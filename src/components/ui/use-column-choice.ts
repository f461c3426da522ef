// Which columns of a wide list are shown («Columnas»), kept per list in this browser: a person who
// hid «Base comisionable» finds it hidden the next day. Unknown ids in storage are ignored, so a
// column added later shows as its default says.
import type { RowData } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { columnLabel, nameColumnOf, type DataTableColumn } from '@/components/ui/data-table-columns';
import type { ChoosableColumn } from '@/components/ui/column-chooser';

/** The id TanStack gives a column: its own, else its accessor key (not every kind of column has one). */
const columnId = (column: object) => {
  const { id, accessorKey } = column as { id?: string; accessorKey?: unknown };
  return id ?? String(accessorKey);
};
const storageKey = (list: string) => `savia.columnas.${list}`;

function readHidden(list: string, fallback: readonly string[]): Set<string> {
  try {
    const stored = localStorage.getItem(storageKey(list));
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    if (Array.isArray(parsed) && parsed.every((id) => typeof id === 'string')) return new Set(parsed);
  } catch {
    // Storage unavailable or a value of another version: the defaults.
  }
  return new Set(fallback);
}

/**
 * `list` names the list in storage; `hiddenByDefault` are the column ids hidden until chosen. The
 * row's name (the column flagged `sticky`, else the first) is always shown and not offered. Returns the columns to give the
 * DataTable and the props of <ColumnChooser>.
 */
export function useColumnChoice<T extends RowData>(list: string, columns: DataTableColumn<T>[], hiddenByDefault: readonly string[] = []) {
  const [hidden, setHidden] = useState(() => readHidden(list, hiddenByDefault));
  const name = nameColumnOf(columns, (c) => c.meta);
  const choosable: ChoosableColumn[] = useMemo(
    () => columns.filter((c) => c !== name).map((c) => ({ id: columnId(c), label: columnLabel(c) ?? columnId(c) })),
    [columns, name],
  );
  const visible = useMemo(() => columns.filter((c) => c === name || !hidden.has(columnId(c))), [columns, name, hidden]);
  const onToggle = (id: string, show: boolean) => {
    const next = new Set(hidden);
    if (show) next.delete(id);
    else next.add(id);
    setHidden(next);
    try {
      localStorage.setItem(storageKey(list), JSON.stringify([...next]));
    } catch {
      // Not kept: the choice still holds on this page.
    }
  };
  return { columns: visible, chooser: { columns: choosable, hidden, onToggle } };
}
