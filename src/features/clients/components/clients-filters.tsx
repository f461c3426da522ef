// The list's search and filters (the shared filter bar): the search box and the city keep what is
// typed; the URL (and the query) follows after a pause.
import { ENROLLMENT_STATUSES, enrollmentStatusLabels, type EnrollmentStatus } from '@/api/clients/clients-api';
import { FilterBar, SearchFilter, SelectFilter, TextFilter } from '@/components/filter-bar';
import { m } from '../messages';

export interface ClientFilterValues {
  q?: string;
  activo?: 'si' | 'no';
  nivel?: number;
  estado?: EnrollmentStatus;
  ciudad?: string;
}

interface Props {
  values: ClientFilterValues;
  levels: number[];
  onChange: (patch: Partial<ClientFilterValues>, options?: { replace?: boolean }) => void;
}

export function ClientsFilters({ values, levels, onChange }: Props) {
  return (
    <FilterBar>
      <SearchFilter
        spansRow
        label={m.search}
        hint={m.searchHint}
        placeholder={m.searchPlaceholder}
        value={values.q}
        onSearch={(text) => onChange({ q: text }, { replace: true })}
      />
      <SelectFilter label={m.activeFilter} value={values.activo ?? ''} onChange={(v) => onChange({ activo: (v || undefined) as 'si' | 'no' | undefined })}>
        <option value="">{m.anyActivity}</option>
        <option value="si">{m.activeYes}</option>
        <option value="no">{m.activeNo}</option>
      </SelectFilter>
      <SelectFilter label={m.levelFilter} value={values.nivel ?? ''} onChange={(v) => onChange({ nivel: v ? Number(v) : undefined })}>
        <option value="">{m.anyLevel}</option>
        {levels.map((n) => (
          <option key={n} value={n}>
            {m.level(n)}
          </option>
        ))}
      </SelectFilter>
      <SelectFilter label={m.statusFilter} value={values.estado ?? ''} onChange={(v) => onChange({ estado: (v || undefined) as EnrollmentStatus | undefined })}>
        <option value="">{m.anyStatus}</option>
        {ENROLLMENT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {enrollmentStatusLabels[s]}
          </option>
        ))}
      </SelectFilter>
      <TextFilter label={m.cityFilter} placeholder={m.cityPlaceholder} value={values.ciudad} onText={(text) => onChange({ ciudad: text }, { replace: true })} />
    </FilterBar>
  );
}
