// The filter bar of a back-office list (Clientes, Productos, Proveedores): a search box and labelled
// filters in one row on a wide screen, stacked on a phone. The search box (and any free-text filter)
// keeps what is typed; the URL, and so the query, follows after a pause (useDebouncedText), so a
// keystroke never waits for the database.
import { Search } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useDebouncedText } from '@/lib/hooks/use-debounced';
import { cn } from '@/lib/utils';

/** The search box wide and four filters beside it (Clientes, Productos); a list with fewer filters passes its own grid. */
const FIVE_COLUMNS = 'grid grid-cols-2 gap-3 lg:grid-cols-[minmax(16rem,2fr)_repeat(4,minmax(0,1fr))] lg:items-end';

export function FilterBar({ className = FIVE_COLUMNS, children }: { className?: string; children: ReactNode }) {
  return <div className={className}>{children}</div>;
}

/** A label above its control; `children` receives the id the control must take. */
function FilterField({ label, className, children }: { label: string; className?: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={cn(className, 'flex flex-col gap-1.5')}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

interface SearchFilterProps {
  label: string;
  /** Read by screen readers only: what the search looks in. */
  hint: string;
  placeholder: string;
  /** The URL's value. */
  value: string | undefined;
  /** Called after the pause with the trimmed text (undefined when empty). */
  onSearch: (text: string | undefined) => void;
  /** In the five-column grid: the whole first row on a phone, one column on a wide screen. */
  spansRow?: boolean;
}

export function SearchFilter({ label, hint, placeholder, value, onSearch, spansRow = false }: SearchFilterProps) {
  const hintId = useId();
  const [text, setText] = useDebouncedText(value, onSearch);
  return (
    <FilterField label={label} className={spansRow ? 'col-span-2 lg:col-span-1' : undefined}>
      {(id) => (
        <>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input
              id={id}
              type="search"
              className="pl-8"
              value={text}
              maxLength={100}
              placeholder={placeholder}
              aria-describedby={hintId}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
          <p id={hintId} className="sr-only">
            {hint}
          </p>
        </>
      )}
    </FilterField>
  );
}

/** A free-text filter (Clientes' city): kept as typed, written to the URL after the pause. */
export function TextFilter({
  label,
  placeholder,
  value,
  onText,
}: {
  label: string;
  placeholder: string;
  value: string | undefined;
  onText: (text: string | undefined) => void;
}) {
  const [text, setText] = useDebouncedText(value, onText);
  return (
    <FilterField label={label}>
      {(id) => <Input id={id} value={text} maxLength={100} placeholder={placeholder} onChange={(e) => setText(e.target.value)} />}
    </FilterField>
  );
}

interface SelectFilterProps {
  label: string;
  /** '' for «any». */
  value: string | number;
  onChange: (value: string) => void;
  wrapperClassName?: string;
  /** The <option>s. */
  children: ReactNode;
}

export function SelectFilter({ label, value, onChange, wrapperClassName, children }: SelectFilterProps) {
  return (
    <FilterField label={label}>
      {(id) => (
        <NativeSelect wrapperClassName={wrapperClassName} id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          {children}
        </NativeSelect>
      )}
    </FilterField>
  );
}
