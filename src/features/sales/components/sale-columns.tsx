// The list's columns: number, date, buyer (a member, or a walk-in buyer said so), kind, state, total and points. Number, date and total sort.
import type { SaleRow } from '@/api/sales-admin/sales-admin-api';
import { SaleStatusBadge } from '@/components/status-badge';
import { dataTableColumns } from '@/components/ui/data-table-columns';
import { saleKindLabels } from '@/lib/data/domain';
import { m } from '../messages';
import { MoneyCell, PointsCell, WhenCell } from './sale-cells';

const col = dataTableColumns<SaleRow>();

export const saleColumns = col.columns([
  col.accessor('sale_no', {
    id: 'numero',
    header: m.colNumber,
    enableSorting: true,
    meta: { skeleton: 'short', label: 'Número' },
    cell: (c) => <span className="font-medium tabular-nums">#{c.getValue()}</span>,
  }),
  col.accessor('created_at', {
    id: 'fecha',
    header: m.colDate,
    enableSorting: true,
    meta: { skeleton: 'short' },
    cell: (c) => <WhenCell value={c.getValue()} />,
  }),
  col.accessor('client_name', {
    header: m.colMember,
    cell: (c) => (
      <span className="flex min-w-0 flex-col max-sm:items-end">
        <span className="font-medium">{c.getValue()}</span>
        {c.row.original.client_id === null && <span className="text-xs text-muted-foreground">{m.walkIn}</span>}
        {c.row.original.client_email && <span className="text-xs break-all text-muted-foreground">{c.row.original.client_email}</span>}
      </span>
    ),
  }),
  col.accessor('kind', { header: m.colKind, meta: { skeleton: 'short' }, cell: (c) => saleKindLabels[c.getValue()] }),
  col.accessor('status', { header: m.colStatus, meta: { skeleton: 'badge' }, cell: (c) => <SaleStatusBadge status={c.getValue()} /> }),
  col.accessor('total', {
    id: 'total',
    header: m.colTotal,
    enableSorting: true,
    meta: { align: 'end', skeleton: 'number' },
    cell: (c) => <MoneyCell value={c.getValue()} />,
  }),
  col.accessor('points_total', {
    header: m.colPoints,
    meta: { align: 'end', skeleton: 'number', hideOnMobile: true },
    cell: (c) => <PointsCell value={c.getValue()} />,
  }),
]);
