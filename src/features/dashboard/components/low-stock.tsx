import { PackageCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { Dashboard } from '@/api/dashboard/dashboard-api';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { useFormat } from '@/lib/format/use-format';
import { links } from '../dashboard-links';
import { m } from '../messages';

const linkClass =
  'rounded font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none';

/** Products at or under the settings' threshold; a superadmin restocks them from Proveedores. */
export function LowStock({ data, canRestock }: { data: Dashboard; canRestock: boolean }) {
  const f = useFormat();
  return (
    <section aria-labelledby="dashboard-low-stock" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="dashboard-low-stock" className="text-lg font-semibold">
            {m.lowStockTitle}
          </h2>
          <p className="text-sm text-muted-foreground">{m.lowStockNote(data.low_stock_threshold)}</p>
        </div>
        <Link to={links.lowStock()} className={`text-sm ${linkClass}`}>
          {m.lowStockAll}
        </Link>
      </div>
      <Card className="p-2">
        {data.low_stock.length === 0 ? (
          <p className="flex items-center gap-2 px-3 py-2.5 text-sm text-muted-foreground">
            <PackageCheck className="size-4" aria-hidden="true" />
            {m.lowStockEmpty}
          </p>
        ) : (
          <ul className="flex flex-col divide-y">
            {data.low_stock.map((p) => (
              <li key={p.product_id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5">
                <Link to={links.product(p.product_id)} className={`min-w-0 flex-1 ${linkClass} text-foreground`}>
                  {p.name} <span className="font-normal whitespace-nowrap text-muted-foreground">· {p.sku}</span>
                </Link>
                <Badge tone={p.stock === 0 ? 'red' : 'amber'} className="tabular-nums">
                  {m.stockUnits(f.count(p.stock))}
                </Badge>
                {canRestock && (
                  <Link to={links.restock(p.product_id)} aria-label={m.restockLabel(p.name)} className={`text-sm ${linkClass}`}>
                    {m.restock}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
