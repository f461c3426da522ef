// The cells of the suppliers' list that need more than a value: its restocks and what it supplies.
import type { SupplierRow } from '@/api/suppliers/suppliers-api';
import { Badge } from '@/components/ui/badge';
import { useFormat } from '@/lib/format/use-format';
import { m } from '../messages';

const SHOWN_PRODUCTS = 3;

export function Restocks({ row }: { row: SupplierRow }) {
  const f = useFormat();
  if (row.restock_count === 0) return <span className="text-muted-foreground">{m.noRestocks}</span>;
  return (
    <span className="flex flex-col max-sm:items-end">
      <span>{m.restockCount(row.restock_count)}</span>
      {row.last_restock_at && <span className="text-xs text-muted-foreground">{m.lastRestock(f.date(row.last_restock_at))}</span>}
    </span>
  );
}

export function Supplies({ row }: { row: SupplierRow }) {
  if (row.products.length === 0) return <span className="text-muted-foreground">{m.noProducts}</span>;
  const shown = row.products.slice(0, SHOWN_PRODUCTS);
  const rest = row.products.length - shown.length;
  return (
    <span className="flex flex-wrap gap-1 max-sm:justify-end">
      {shown.map((p) => (
        <Badge key={p.id} tone="outline" title={p.sku}>
          {p.name}
        </Badge>
      ))}
      {rest > 0 && <span className="text-xs text-muted-foreground">{m.moreProducts(rest)}</span>}
    </span>
  );
}
