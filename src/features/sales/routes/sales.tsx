// Ventas: every sale, filtered by state, kind, date and member, sorted and paged on the server
// (search_sales), with the totals of the filtered sales and «Exportar CSV»; a sale opens beside the
// list (`?venta=`) with its lines, payment, history and rewards, and «Nueva venta directa» (`?nueva=1`).
import { useQuery } from '@tanstack/react-query';
import { Plus, Receipt } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import type { SaleSort } from '@/api/sales-admin/sales-admin-api';
import { salesAdminQueries } from '@/api/sales-admin/sales-admin-queries';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { paths, routeLabel } from '@/config/paths';
import { DbError } from '@/lib/data/db';
import { useTableSearch } from '@/lib/url/table-search';
import { ExportButton } from '../components/export-button';
import { NewSaleSheet } from '../components/new-sale-sheet';
import { saleColumns } from '../components/sale-columns';
import { SaleDetailSheet } from '../components/sale-detail-sheet';
import { SalesFilters } from '../components/sales-filters';
import { SalesTotals } from '../components/sales-totals';
import { m } from '../messages';
import { filterOf, salesSearch, type SalesSearch } from '../sales-search';

const NOT_FILTERS = ['venta', 'nueva'];

export default function SalesPage() {
  const { search, setSearch, setFilters, controls } = useTableSearch(salesSearch, { notFilters: NOT_FILTERS });
  const filter = useMemo(() => filterOf(search), [search]);
  const list = useQuery(
    salesAdminQueries.list({ ...filter, sort: controls.sort.id as SaleSort, desc: controls.sort.desc, page: controls.page, pageSize: controls.pageSize }),
  );
  const totals = useQuery(salesAdminQueries.totals(filter));
  const onFilters = useCallback((patch: Partial<SalesSearch>) => setFilters(patch), [setFilters]);
  const dateError = list.error instanceof DbError && list.error.saviaCode === 'invalid_filter' ? list.error.message : null;

  return (
    <>
      <PageHeader title={routeLabel(paths.sales)}>
        <div className="flex flex-wrap gap-2">
          <ExportButton filter={filter} />
          <Button onClick={() => setSearch({ nueva: '1' })}>
            <Plus aria-hidden="true" />
            {m.newSale}
          </Button>
        </div>
      </PageHeader>
      <div className="flex flex-col gap-4">
        <SalesFilters values={search} onChange={onFilters} dateError={dateError} />
        <SalesTotals query={totals} />
        <DataTable
          label={m.listLabel}
          columns={saleColumns}
          query={list}
          controls={controls}
          getRowId={(r) => r.id}
          onRowOpen={(r) => setSearch({ venta: r.id })}
          openRowId={search.venta}
          errorTitle={m.loadFailed}
          empty={{
            icon: Receipt,
            title: m.emptyTitle,
            description: m.emptyDescription,
            action: <Button onClick={() => setSearch({ nueva: '1' })}>{m.newSale}</Button>,
          }}
          className="rounded-xl border bg-card"
        />
      </div>
      <SaleDetailSheet saleId={search.venta} onClose={() => setSearch({ venta: undefined })} />
      <NewSaleSheet
        open={search.nueva === '1'}
        onClose={() => setSearch({ nueva: undefined })}
        onCreated={(id) => setSearch({ nueva: undefined, venta: id }, { replace: true })}
      />
    </>
  );
}
