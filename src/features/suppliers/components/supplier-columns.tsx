// The suppliers' columns: who (name, contact and e-mail), tax id, phone, what it supplies, its
// restocks, its state and «Editar».
import { Pencil } from 'lucide-react';
import type { SupplierRow } from '@/api/suppliers/suppliers-api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { dataTableColumns } from '@/components/ui/data-table-columns';
import { m } from '../messages';
import { Restocks, Supplies } from './supplier-cells';

const col = dataTableColumns<SupplierRow>();

export function supplierColumns(onEdit: (row: SupplierRow) => void) {
  return col.columns([
    col.accessor('name', {
      id: 'nombre',
      header: m.colName,
      cell: (c) => (
        <span className="flex min-w-0 flex-col max-sm:items-end">
          <span className="font-medium">{c.getValue()}</span>
          {(c.row.original.contact_name || c.row.original.email) && (
            <span className="text-xs break-all text-muted-foreground">{[c.row.original.contact_name, c.row.original.email].filter(Boolean).join(' · ')}</span>
          )}
        </span>
      ),
    }),
    col.accessor('tax_id', {
      header: m.colTaxId,
      meta: { hideOnMobile: true, skeleton: 'short', className: 'whitespace-nowrap' },
      cell: (c) => c.getValue() ?? '—',
    }),
    col.accessor('phone', { header: m.colPhone, meta: { skeleton: 'short', className: 'whitespace-nowrap' }, cell: (c) => c.getValue() ?? '—' }),
    col.accessor('products', { header: m.colProducts, cell: (c) => <Supplies row={c.row.original} /> }),
    col.accessor('restock_count', { header: m.colRestocks, meta: { skeleton: 'short' }, cell: (c) => <Restocks row={c.row.original} /> }),
    col.accessor('is_active', {
      header: m.colState,
      meta: { skeleton: 'badge' },
      cell: (c) => <Badge tone={c.getValue() ? 'green' : 'gray'}>{c.getValue() ? m.active : m.inactive}</Badge>,
    }),
    col.display({
      id: 'acciones',
      header: m.colActions,
      meta: { label: m.colActions, align: 'end' },
      cell: (c) => (
        <Button variant="outline" size="sm" aria-label={m.editOf(c.row.original.name)} onClick={() => onEdit(c.row.original)}>
          <Pencil aria-hidden="true" />
          {m.edit}
        </Button>
      ),
    }),
  ]);
}
