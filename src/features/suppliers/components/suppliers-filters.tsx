// The suppliers' search and state filter. The search box keeps what is typed; the URL follows after a pause.
import { Search } from 'lucide-react';
import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useDebouncedText } from '@/lib/use-debounced-text';
import { m } from '../messages';

export interface SupplierFilterValues {
  q?: string;
  estado?: 'activos' | 'inactivos';
}

export function SuppliersFilters({ values, onChange }: { values: SupplierFilterValues; onChange: (patch: SupplierFilterValues, options?: { replace?: boolean }) => void }) {
  const ids = { q: useId(), qHint: useId(), state: useId() };
  const [q, setQ] = useDebouncedText(values.q, (text) => onChange({ q: text }, { replace: true }));
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(16rem,2fr)_minmax(10rem,1fr)] sm:items-end lg:max-w-3xl">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.q} className="text-sm font-medium">
          {m.search}
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            id={ids.q}
            type="search"
            className="pl-8"
            value={q}
            maxLength={100}
            placeholder={m.searchPlaceholder}
            aria-describedby={ids.qHint}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
        <p id={ids.qHint} className="sr-only">
          {m.searchHint}
        </p>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.state} className="text-sm font-medium">
          {m.stateFilter}
        </label>
        <NativeSelect
          id={ids.state}
          value={values.estado ?? ''}
          onChange={(e) => onChange({ estado: (e.target.value || undefined) as SupplierFilterValues['estado'] })}
        >
          <option value="">{m.anyState}</option>
          <option value="activos">{m.activeYes}</option>
          <option value="inactivos">{m.activeNo}</option>
        </NativeSelect>
      </div>
    </div>
  );
}
