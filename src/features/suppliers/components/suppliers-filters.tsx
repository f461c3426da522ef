// The suppliers' search and state filter (the shared filter bar, two columns). The search box keeps
// what is typed; the URL follows after a pause.
import { FilterBar, SearchFilter, SelectFilter } from '@/components/filter-bar';
import { m } from '../messages';

export interface SupplierFilterValues {
  q?: string;
  estado?: 'activos' | 'inactivos';
}

export function SuppliersFilters({
  values,
  onChange,
}: {
  values: SupplierFilterValues;
  onChange: (patch: SupplierFilterValues, options?: { replace?: boolean }) => void;
}) {
  return (
    <FilterBar className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(16rem,2fr)_minmax(10rem,1fr)] sm:items-end lg:max-w-3xl">
      <SearchFilter
        label={m.search}
        hint={m.searchHint}
        placeholder={m.searchPlaceholder}
        value={values.q}
        onSearch={(text) => onChange({ q: text }, { replace: true })}
      />
      <SelectFilter
        label={m.stateFilter}
        value={values.estado ?? ''}
        onChange={(v) => onChange({ estado: (v || undefined) as SupplierFilterValues['estado'] })}
      >
        <option value="">{m.anyState}</option>
        <option value="activos">{m.activeYes}</option>
        <option value="inactivos">{m.activeNo}</option>
      </SelectFilter>
    </FilterBar>
  );
}
