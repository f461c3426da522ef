// The list's search and filters. The search box and the city keep what is typed; the URL (and the
// query) follows after a pause, so a keystroke never waits for the database.
import { Search } from 'lucide-react';
import { useId } from 'react';
import { ENROLLMENT_STATUSES, enrollmentStatusLabels, type EnrollmentStatus } from '@/api/clients/clients-api';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useDebouncedText } from '@/lib/use-debounced-text';
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
  const ids = { q: useId(), qHint: useId(), active: useId(), level: useId(), status: useId(), city: useId() };
  const [q, setQ] = useDebouncedText(values.q, (text) => onChange({ q: text }, { replace: true }));
  const [city, setCity] = useDebouncedText(values.ciudad, (text) => onChange({ ciudad: text }, { replace: true }));
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(16rem,2fr)_repeat(4,minmax(0,1fr))] lg:items-end">
      <div className="col-span-2 flex flex-col gap-1.5 lg:col-span-1">
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
        <label htmlFor={ids.active} className="text-sm font-medium">
          {m.activeFilter}
        </label>
        <NativeSelect id={ids.active} value={values.activo ?? ''} onChange={(e) => onChange({ activo: (e.target.value || undefined) as 'si' | 'no' | undefined })}>
          <option value="">{m.anyActivity}</option>
          <option value="si">{m.activeYes}</option>
          <option value="no">{m.activeNo}</option>
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.level} className="text-sm font-medium">
          {m.levelFilter}
        </label>
        <NativeSelect id={ids.level} value={values.nivel ?? ''} onChange={(e) => onChange({ nivel: e.target.value ? Number(e.target.value) : undefined })}>
          <option value="">{m.anyLevel}</option>
          {levels.map((n) => (
            <option key={n} value={n}>
              {m.level(n)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.status} className="text-sm font-medium">
          {m.statusFilter}
        </label>
        <NativeSelect id={ids.status} value={values.estado ?? ''} onChange={(e) => onChange({ estado: (e.target.value || undefined) as EnrollmentStatus | undefined })}>
          <option value="">{m.anyStatus}</option>
          {ENROLLMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {enrollmentStatusLabels[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.city} className="text-sm font-medium">
          {m.cityFilter}
        </label>
        <Input id={ids.city} value={city} maxLength={100} placeholder={m.cityPlaceholder} onChange={(e) => setCity(e.target.value)} />
      </div>
    </div>
  );
}
