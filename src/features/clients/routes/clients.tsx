// Clientes: every member, found by name, e-mail, document or slug as staff type, with filters,
// sort and pages on the server (search_members) and all of it in the URL.
import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clientsQueries } from '@/api/clients/clients-queries';
import type { MemberSort } from '@/api/clients/clients-api';
import { PageHeader } from '@/components/page-header';
import { DataTable } from '@/components/ui/data-table';
import { paths, pathTo, routeLabel } from '@/config/paths';
import { useTableSearch } from '@/lib/url/table-search';
import { clientColumns } from '../components/client-columns';
import { ClientsFilters, type ClientFilterValues } from '../components/clients-filters';
import { clientsSearch } from '../clients-search';
import { m } from '../messages';

export default function ClientsPage() {
  const { search, setFilters, controls } = useTableSearch(clientsSearch);
  const navigate = useNavigate();
  const levels = useQuery(clientsQueries.starLevels());
  const query = useQuery(
    clientsQueries.search({
      query: search.q ?? null,
      active: search.activo === undefined ? null : search.activo === 'si',
      starLevel: search.nivel ?? null,
      status: search.estado ?? null,
      city: search.ciudad ?? null,
      sort: controls.sort.id as MemberSort,
      desc: controls.sort.desc,
      page: controls.page,
      pageSize: controls.pageSize,
    }),
  );
  const onFilters = useCallback((patch: Partial<ClientFilterValues>, options?: { replace?: boolean }) => setFilters(patch, options), [setFilters]);
  return (
    <>
      <PageHeader title={routeLabel(paths.clients)} />
      <div className="flex flex-col gap-4">
        <ClientsFilters values={search} levels={levels.data?.map((l) => l.level) ?? []} onChange={onFilters} />
        <DataTable
          label={m.listLabel}
          columns={clientColumns}
          query={query}
          controls={controls}
          getRowId={(r) => r.id}
          onRowOpen={(r) => void navigate(pathTo(paths.clientDetail, { id: r.id }))}
          errorTitle={m.loadFailed}
          empty={{ icon: Users, title: m.emptyTitle, description: m.emptyDescription }}
          className="rounded-xl border bg-card"
        />
      </div>
    </>
  );
}
