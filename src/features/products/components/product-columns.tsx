// The list's columns: photo, SKU, name (with «Kit» beside a kit's: a column of its own pushed the state
// out of a 1280 px screen), category, price, base, points, stock (with «Stock bajo») and state; finance also gets cost, margin and the margin after the plan (the database sends those
// only to finance: for anyone else the columns would be empty, so they are not shown); then the row's
// actions. The name stays at the left edge when the table scrolls.
import { Eye, Pencil } from 'lucide-react';
import type { ProductRow } from '@/api/products/products-api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { dataTableColumns } from '@/components/ui/data-table-columns';
import { m } from '../messages';
import { MoneyCell, PointsCell } from './product-cells';
import { ProductPhoto } from './product-photo';

const col = dataTableColumns<ProductRow>();

const common = [
  col.accessor('image_path', {
    header: m.colPhoto,
    meta: { hideOnMobile: true, skeleton: 'badge', className: 'w-14' },
    cell: (c) => <ProductPhoto path={c.getValue()} className="size-10" />,
  }),
  col.accessor('sku', {
    id: 'sku',
    header: m.colSku,
    enableSorting: true,
    meta: { skeleton: 'short' },
    cell: (c) => <span className="font-mono text-xs whitespace-nowrap">{c.getValue()}</span>,
  }),
  col.accessor('name', {
    id: 'nombre',
    header: m.colName,
    enableSorting: true,
    meta: { sticky: true, className: 'sm:min-w-44' },
    cell: (c) => (
      <span className="inline-flex flex-wrap items-center gap-2">
        <span className="font-medium">{c.getValue()}</span>
        {c.row.original.is_kit && <Badge tone="violet">{m.kit}</Badge>}
      </span>
    ),
  }),
  col.accessor('category', { header: m.colCategory, meta: { hideOnMobile: true, skeleton: 'short' }, cell: (c) => c.getValue() ?? '—' }),
  col.accessor('price', {
    id: 'precio',
    header: m.colPrice,
    enableSorting: true,
    meta: { align: 'end', skeleton: 'number' },
    cell: (c) => <MoneyCell value={c.getValue()} />,
  }),
  col.accessor('commissionable_amount', {
    header: m.colBase,
    meta: { align: 'end', skeleton: 'number', hideOnMobile: true },
    cell: (c) => <MoneyCell value={c.getValue()} />,
  }),
  col.accessor('points', {
    id: 'puntos',
    header: m.colPoints,
    enableSorting: true,
    meta: { align: 'end', skeleton: 'number', hideOnMobile: true },
    cell: (c) => <PointsCell value={c.getValue()} />,
  }),
  col.accessor('stock', {
    id: 'stock',
    header: m.colStock,
    enableSorting: true,
    meta: { align: 'end', skeleton: 'number' },
    cell: (c) => (
      <span className="inline-flex items-center justify-end gap-2">
        {c.row.original.low_stock && <Badge tone="amber">{m.lowStock}</Badge>}
        <PointsCell value={c.getValue()} />
      </span>
    ),
  }),
  col.accessor('is_active', {
    header: m.colActive,
    meta: { skeleton: 'badge' },
    cell: (c) => <Badge tone={c.getValue() ? 'green' : 'gray'}>{c.getValue() ? m.active : m.inactive}</Badge>,
  }),
];

const financeOnly = [
  col.accessor('unit_cost', {
    header: m.colCost,
    meta: { align: 'end', skeleton: 'number', hideOnMobile: true },
    cell: (c) => <MoneyCell value={c.getValue()} empty={m.noCost} />,
  }),
  col.accessor('margin', {
    header: m.colMargin,
    meta: { align: 'end', skeleton: 'number', hideOnMobile: true },
    cell: (c) => <MoneyCell value={c.getValue()} />,
  }),
  col.accessor('margin_after_plan', {
    // Two short lines rather than one long header that widens the column past its figures.
    header: () => <span className="inline-block w-20 whitespace-normal">{m.colMarginAfterPlan}</span>,
    meta: { label: m.colMarginAfterPlan, align: 'end', skeleton: 'number', hideOnMobile: true },
    cell: (c) => <MoneyCell value={c.getValue()} />,
  }),
];

export interface RowActions {
  open: (product: ProductRow) => void;
  edit: (product: ProductRow) => void;
}

/** «Ver» (the panel: history, «Ajustar stock», «Desactivar») and «Editar», on every row. */
const actions = ({ open, edit }: RowActions) =>
  col.display({
    id: 'acciones',
    header: () => <span className="sr-only">{m.colActions}</span>,
    meta: { label: m.colActions, align: 'end', skeleton: 'short' },
    cell: (c) => (
      <span className="inline-flex justify-end gap-1">
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={m.viewProduct(c.row.original.name)}
          title={m.view}
          onClick={() => open(c.row.original)}
        >
          <Eye aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={m.editProduct(c.row.original.name)}
          title={m.edit}
          onClick={() => edit(c.row.original)}
        >
          <Pencil aria-hidden="true" />
        </Button>
      </span>
    ),
  });

export const productColumns = (rowActions: RowActions) => col.columns([...common, actions(rowActions)]);
export const financeProductColumns = (rowActions: RowActions) => col.columns([...common, ...financeOnly, actions(rowActions)]);
