import { useQuery } from '@tanstack/react-query';
import { Package, Plus } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { Sale } from '@/api/sales/sales-api';
import { salesQueries } from '@/api/sales/sales-queries';
import { PageHeader } from '@/components/page-header';
import { SaleStatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { dataTableColumns } from '@/components/ui/data-table-columns';
import { ErrorState } from '@/components/ui/error-state';
import { NativeSelect } from '@/components/ui/native-select';
import { paths, routeLabel } from '@/config/paths';
import { useMemberId, useSession } from '@/lib/auth/use-session';
import { SALE_STATUSES, saleKindLabels, type SaleStatus } from '@/lib/data/domain';
import { useTableSearch } from '@/lib/url/table-search';
import { useFormat } from '@/lib/format/use-format';
import { OrderDetailSheet } from '../components/order-detail-sheet';
import { orderMessages as m } from '../messages';
import { myOrdersSearch } from '../search-params';

const PAGE_SIZES = [10, 20, 50] as const;
const NOT_FILTERS = ['pedido'] as const;

const col = dataTableColumns<Sale>();
const columns = col.columns([
  col.accessor('sale_no', { header: m.number, cell: (c) => <span className="font-medium tabular-nums">#{c.getValue()}</span>, meta: { skeleton: 'short' } }),
  col.accessor('created_at', { header: m.date, cell: (c) => <DateCell value={c.getValue()} />, meta: { skeleton: 'text' } }),
  col.accessor('kind', { header: m.kind, cell: (c) => saleKindLabels[c.getValue()], meta: { skeleton: 'short' } }),
  col.accessor('status', { header: m.status, cell: (c) => <SaleStatusBadge status={c.getValue()} />, meta: { skeleton: 'badge' } }),
  col.accessor('total', { header: m.total, cell: (c) => <Money value={c.getValue()} />, meta: { align: 'end', skeleton: 'number' } }),
  col.accessor('points_total', { header: m.points, cell: (c) => <Points sale={c.row.original} />, meta: { align: 'end', skeleton: 'number' } }),
]);

function DateCell({ value }: { value: string }) {
  return <>{useFormat().date(value)}</>;
}
function Money({ value }: { value: number }) {
  return <>{useFormat().money(value)}</>;
}
/** A member's own enrolment kit gave its points to whoever enrolled them (DESIGN §5), not to them. */
function Points({ sale }: { sale: Sale }) {
  const f = useFormat();
  const memberId = useMemberId();
  if (sale.kind === 'enrollment' && sale.client_id === memberId) return <span className="text-muted-foreground">{m.kitPointsToSponsor}</span>;
  return <>{f.points(sale.points_total)}</>;
}

export default function MyOrdersPage() {
  const { user } = useSession();
  const member = user?.clientProfile;
  const { search, setSearch, setFilters, controls } = useTableSearch(myOrdersSearch, { pageSizes: PAGE_SIZES, notFilters: NOT_FILTERS });
  const query = useQuery({
    ...salesQueries.mine({ clientId: member?.id ?? '', placedBy: user?.uid, status: search.estado ?? null, page: controls.page, pageSize: controls.pageSize }),
    enabled: !!member,
  });
  const statusId = useId();

  const newOrder = (
    <Button asChild>
      <Link to={paths.placeOrder}>
        <Plus aria-hidden="true" />
        {m.makeOrder}
      </Link>
    </Button>
  );

  return (
    <>
      <PageHeader title={routeLabel(paths.myOrders)}>{newOrder}</PageHeader>
      {member ? (
        <>
          <div className="mb-4 flex flex-col gap-2 sm:w-64">
            <label htmlFor={statusId} className="text-sm font-medium">
              {m.statusFilter}
            </label>
            <NativeSelect
              id={statusId}
              value={search.estado ?? ''}
              wrapperClassName="w-full"
              onChange={(e) => setFilters({ estado: (e.target.value || undefined) as SaleStatus | undefined })}
            >
              <option value="">{m.allStatuses}</option>
              {SALE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </NativeSelect>
          </div>
          <DataTable
            label={m.ordersLabel}
            columns={columns}
            query={query}
            controls={controls}
            getRowId={(row) => row.id}
            errorTitle={m.ordersFailed}
            empty={{ icon: Package, title: m.ordersEmpty, description: m.ordersEmptyHint, action: newOrder }}
            onRowOpen={(row) => setSearch({ pedido: row.id })}
            openRowId={search.pedido}
            className="rounded-xl border bg-card [&>nav]:px-3"
          />
          <OrderDetailSheet saleId={search.pedido} member={member} onClose={() => setSearch({ pedido: undefined })} />
        </>
      ) : (
        <ErrorState title="No encontramos tu ficha de miembro." />
      )}
    </>
  );
}
