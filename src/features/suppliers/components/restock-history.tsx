// The restock history, newest first, a page at a time, for one supplier or all: what came, from
// whom, who registered it and how each product's stock moved. The costs come from the database only
// for finance; for anyone else the column is not shown at all.
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useId } from 'react';
import type { RestockRow } from '@/api/suppliers/suppliers-api';
import { suppliersQueries } from '@/api/suppliers/suppliers-queries';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { NativeSelect } from '@/components/ui/native-select';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { m } from '../messages';
import { HISTORY_PAGE_SIZES } from '../suppliers-search';

interface Props {
  supplierId: string | null;
  page: number;
  pageSize: number;
  finance: boolean;
  onSupplier: (id: string | undefined) => void;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

export function RestockHistory({ supplierId, page, pageSize, finance, onSupplier, onPage, onPageSize }: Props) {
  const suppliers = useQuery(suppliersQueries.options());
  const query = useQuery(suppliersQueries.restocks({ supplierId, page, pageSize }));
  const filterId = useId();
  return (
    <section aria-label={m.historyLabel} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-[14rem] flex-col gap-1.5">
          <label htmlFor={filterId} className="text-sm font-medium">
            {m.historySupplier}
          </label>
          <NativeSelect id={filterId} value={supplierId ?? ''} onChange={(e) => onSupplier(e.target.value || undefined)}>
            <option value="">{m.anySupplier}</option>
            {(suppliers.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        {!finance && <p className="text-sm text-muted-foreground">{m.costFinanceOnly}</p>}
      </div>
      {query.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-32 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorState
          title={m.historyFailed}
          error={query.error}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
          className="rounded-xl border bg-card"
        />
      ) : query.data.rows.length === 0 ? (
        <EmptyState
          icon={History}
          title={supplierId ? m.historyEmptyFiltered : m.historyEmpty}
          description={supplierId ? undefined : m.historyEmptyDescription}
          className="rounded-xl border bg-card"
        />
      ) : (
        <>
          <ol className={cn('flex flex-col gap-3 transition-opacity', query.isPlaceholderData && 'opacity-60')}>
            {query.data.rows.map((r) => (
              <RestockCard key={r.id} restock={r} finance={finance} />
            ))}
          </ol>
          <Pagination
            page={page}
            pageSize={pageSize}
            pageSizes={HISTORY_PAGE_SIZES}
            total={query.data.total}
            onPageChange={onPage}
            onPageSizeChange={onPageSize}
            sizeLabel={m.perPage}
          />
        </>
      )}
    </section>
  );
}

function RestockCard({ restock: r, finance }: { restock: RestockRow; finance: boolean }) {
  const f = useFormat();
  return (
    <li className="rounded-xl border bg-card">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 border-b px-4 py-3">
        <div className="min-w-0">
          <h3 className="font-medium">
            {m.restockNo(r.id)} · {r.supplier_name}
          </h3>
          <p className="text-xs text-muted-foreground">
            {f.dateTime(r.created_at)}
            {r.created_by_email && ` · ${m.by(r.created_by_email)}`}
          </p>
          {r.note && <p className="mt-1 text-sm break-words">{r.note}</p>}
        </div>
        <div className="text-right text-sm">
          <p>{m.units(r.units)}</p>
          {finance && r.total_cost !== null && (
            <p className="font-medium tabular-nums">
              {m.totalCost}: {f.money(r.total_cost)}
            </p>
          )}
        </div>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{m.restockNo(r.id)}</caption>
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                {m.colProduct}
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                {m.colQuantity}
              </th>
              {finance && (
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  {m.colUnitCost}
                </th>
              )}
              <th scope="col" className="px-4 py-2 text-right font-medium">
                {m.colStock}
              </th>
            </tr>
          </thead>
          <tbody>
            {r.lines.map((l) => (
              <tr key={l.product_id} className="border-t">
                <td className="px-4 py-2">
                  {l.name} <span className="text-xs text-muted-foreground">{l.sku}</span>
                </td>
                <td className="px-4 py-2 text-right tabular-nums">{f.count(l.quantity)}</td>
                {finance && <td className="px-4 py-2 text-right tabular-nums">{l.unit_cost === null ? '—' : f.money(l.unit_cost)}</td>}
                <td className="px-4 py-2 text-right whitespace-nowrap tabular-nums">{m.stockChange(l.stock_before, l.stock_after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </li>
  );
}
