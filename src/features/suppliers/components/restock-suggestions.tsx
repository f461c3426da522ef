// «Para reponer»: the active products at or under the low-stock threshold, grouped by the supplier
// they last came from, each group with «Reponer», which opens the restock dialog with its products.
import type { UseQueryResult } from '@tanstack/react-query';
import { PackageCheck, Truck } from 'lucide-react';
import type { RestockSuggestion } from '@/api/suppliers/suppliers-api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import type { DbError } from '@/lib/data/db';
import { useFormat } from '@/lib/format/use-format';
import { m } from '../messages';
import type { RestockStart } from './restock-dialog';

interface Group {
  supplierId: string | null;
  supplierName: string | null;
  items: RestockSuggestion[];
}

function groupBySupplier(rows: RestockSuggestion[]): Group[] {
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const key = row.supplier_id ?? '';
    const group = groups.get(key) ?? { supplierId: row.supplier_id, supplierName: row.supplier_name, items: [] };
    group.items.push(row);
    groups.set(key, group);
  }
  // Known suppliers by name; the products nobody is known to supply last.
  return [...groups.values()].sort((a, b) => (a.supplierName === null ? 1 : b.supplierName === null ? -1 : a.supplierName.localeCompare(b.supplierName, 'es')));
}

export function RestockSuggestions({ query, onRestock }: { query: UseQueryResult<RestockSuggestion[], DbError>; onRestock: (start: RestockStart) => void }) {
  const f = useFormat();
  const threshold = query.data?.[0]?.threshold;
  return (
    <section aria-labelledby="suggestions-title" className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <div>
        <h2 id="suggestions-title" className="text-lg font-semibold">
          {m.suggestionsTitle}
        </h2>
        {threshold !== undefined && <p className="text-sm text-muted-foreground">{m.suggestionsDescription(threshold)}</p>}
      </div>
      {query.isPending ? (
        <div className="grid gap-3 md:grid-cols-2" aria-busy="true">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
      ) : query.isError ? (
        <ErrorState title={m.suggestionsFailed} error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : query.data.length === 0 ? (
        <EmptyState icon={PackageCheck} title={m.suggestionsEmpty} className="py-6" />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {groupBySupplier(query.data).map((g) => {
            const name = g.supplierName ?? m.unknownSupplier;
            return (
              <li key={g.supplierId ?? 'ninguno'} className="flex flex-col gap-2 rounded-lg border p-3">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="flex min-w-0 flex-1 items-center gap-2 font-medium">
                    <Truck className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                    <span className="truncate">{name}</span>
                  </h3>
                  <Button
                    size="sm"
                    className="shrink-0"
                    onClick={() =>
                      onRestock({ supplierId: g.supplierId, lines: g.items.map((i) => ({ product_id: i.product_id, unit_cost: i.last_unit_cost })) })
                    }
                  >
                    {m.restockGroup}
                    <span className="sr-only"> {m.restockGroupOf(name)}</span>
                  </Button>
                </div>
                <ul className="flex flex-col gap-1 text-sm">
                  {g.items.map((i) => (
                    <li key={i.product_id} className="flex items-center justify-between gap-3">
                      <span className="min-w-0 flex-1">
                        {i.name} <span className="text-xs whitespace-nowrap text-muted-foreground">{i.sku}</span>
                      </span>
                      <span className="flex shrink-0 flex-wrap items-center justify-end gap-x-2">
                        {i.last_unit_cost !== null && <span className="text-xs text-muted-foreground">{m.lastCost(f.money(i.last_unit_cost))}</span>}
                        <Badge tone={i.stock === 0 ? 'red' : 'amber'}>{m.units(i.stock)}</Badge>
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
