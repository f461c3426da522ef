// One generation as a table: search by name, filter by activity or risk, paged on the server. The
// generation, search, filter and page live in the URL (network-search.ts).
import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useId } from 'react';
import { NETWORK_STATUSES, type NetworkPerson, type NetworkStatus } from '@/api/network/network-api';
import { networkQueries } from '@/api/network/network-queries';
import { DataTable } from '@/components/ui/data-table';
import { dataTableColumns } from '@/components/ui/data-table-columns';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useDebouncedText } from '@/lib/hooks/use-debounced';
import { useFormat } from '@/lib/format/use-format';
import type { useTableSearch } from '@/lib/url/table-search';
import { m, statusLabels } from '@/components/network/messages';
import type { networkSearch } from './network-search';
import { ActivityBadges, ContactLinks, StarLevel } from '@/components/network/person-details';

const col = dataTableColumns<NetworkPerson>();

function PointsCell({ value }: { value: number }) {
  return <>{useFormat().points(value)}</>;
}
function DateCell({ value }: { value: string }) {
  return <>{useFormat().date(value)}</>;
}

const columns = col.columns([
  col.accessor('name', {
    header: m.colName,
    cell: (c) => (
      <span className="flex min-w-0 flex-col gap-1 max-sm:items-end">
        <span className="font-medium">{c.getValue()}</span>
        <ContactLinks person={c.row.original} />
      </span>
    ),
  }),
  col.accessor('star_level', { header: m.colLevel, meta: { skeleton: 'short' }, cell: (c) => <StarLevel level={c.getValue()} /> }),
  col.display({ id: 'estado', header: m.colStatus, meta: { skeleton: 'badge' }, cell: (c) => <ActivityBadges person={c.row.original} /> }),
  col.accessor('month_points', { header: m.colPoints, meta: { align: 'end', skeleton: 'number' }, cell: (c) => <PointsCell value={c.getValue()} /> }),
  col.accessor('joined_at', { header: m.colJoined, meta: { skeleton: 'short' }, cell: (c) => <DateCell value={c.getValue()} /> }),
  col.accessor('enroller_name', { header: m.colEnroller, meta: { hideOnMobile: true } }),
]);

type Search = ReturnType<typeof useTableSearch<typeof networkSearch>>;

interface Props {
  whose: { clientId: string | null; month: string };
  generations: number[];
  closed: boolean;
  table: Search;
}

export function NetworkTable({ whose, generations, closed, table }: Props) {
  const { search, setFilters, controls } = table;
  const generation = generations.includes(search.gen) ? search.gen : (generations[0] ?? 1);
  const query = useQuery(
    networkQueries.page({
      ...whose,
      generation,
      search: search.q ?? null,
      status: closed && search.estado === 'en_riesgo' ? null : (search.estado ?? null),
      page: controls.page,
      pageSize: controls.pageSize,
    }),
  );
  return (
    <div className="flex flex-col gap-3">
      <Filters
        generation={generation}
        generations={generations}
        closed={closed}
        q={search.q}
        status={search.estado}
        onGeneration={(gen) => setFilters({ gen })}
        onSearch={(q) => setFilters({ q }, { replace: true })}
        onStatus={(estado) => setFilters({ estado })}
      />
      <DataTable
        label={m.tableLabel(generation)}
        columns={columns}
        query={query}
        controls={controls}
        getRowId={(r) => r.id}
        errorTitle={m.loadFailed}
        empty={{ title: m.emptyMonthTitle, icon: Users }}
      />
      <p className="text-xs text-muted-foreground">{m.noContact}</p>
    </div>
  );
}

interface FiltersProps {
  generation: number;
  generations: number[];
  closed: boolean;
  q: string | undefined;
  status: NetworkStatus | undefined;
  onGeneration: (g: number) => void;
  onSearch: (q: string | undefined) => void;
  onStatus: (s: NetworkStatus | undefined) => void;
}

function Filters({ generation, generations, closed, q, status, onGeneration, onSearch, onStatus }: FiltersProps) {
  const ids = { gen: useId(), q: useId(), status: useId() };
  const [text, setText] = useDebouncedText(q, onSearch);
  const statuses = NETWORK_STATUSES.filter((s) => !closed || s !== 'en_riesgo');
  return (
    <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.gen} className="text-sm font-medium">
          {m.generationFilter}
        </label>
        <NativeSelect id={ids.gen} value={generation} onChange={(e) => onGeneration(Number(e.target.value))}>
          {generations.map((g) => (
            <option key={g} value={g}>
              {m.generation(g)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.status} className="text-sm font-medium">
          {m.statusFilter}
        </label>
        <NativeSelect id={ids.status} value={status ?? ''} onChange={(e) => onStatus((e.target.value || undefined) as NetworkStatus | undefined)}>
          <option value="">{m.allStatuses}</option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {statusLabels[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="col-span-2 flex flex-col gap-1.5 sm:w-64">
        <label htmlFor={ids.q} className="text-sm font-medium">
          {m.search}
        </label>
        <Input id={ids.q} type="search" value={text} maxLength={100} placeholder={m.searchPlaceholder} onChange={(e) => setText(e.target.value)} />
      </div>
    </div>
  );
}
