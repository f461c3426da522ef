// The product's inventory history, newest first, a page at a time: kind, quantity with its sign, the
// stock after it, the reason or the sale / supplier, when and who.
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useState } from 'react';
import { movementKindLabels, type StockMovement } from '@/api/products/products-api';
import { productsQueries } from '@/api/products/products-queries';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { m } from '../messages';

const PAGE_SIZES = [10, 25, 50] as const;

export function MovementHistory({ productId }: { productId: string }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const query = useQuery(productsQueries.movements({ productId, page, pageSize }));

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) return <ErrorState title={m.movementsFailed} error={query.error} onRetry={query.refetch} retrying={query.isFetching} />;
  if (query.data.rows.length === 0) return <EmptyState icon={History} title={m.movementsEmpty} description={m.movementsEmptyHint} />;
  return (
    <div className={cn('flex flex-col gap-2', query.isPlaceholderData && 'opacity-60')}>
      <ol aria-label={m.movementsLabel} className="flex flex-col divide-y rounded-lg border">
        {query.data.rows.map((row) => (
          <MovementItem key={row.id} row={row} />
        ))}
      </ol>
      <Pagination
        page={page}
        pageSize={pageSize}
        pageSizes={PAGE_SIZES}
        total={query.data.total}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        sizeLabel="Movimientos por página"
      />
    </div>
  );
}

function MovementItem({ row }: { row: StockMovement }) {
  const f = useFormat();
  const detail = row.sale_no !== null ? m.sale(row.sale_no) : row.supplier_name ? m.supplier(row.supplier_name) : null;
  return (
    <li className="flex items-start justify-between gap-3 px-3 py-2 text-sm">
      <div className="flex min-w-0 flex-col">
        <span className="font-medium">
          {movementKindLabels[row.kind]}
          {detail && <span className="font-normal text-muted-foreground"> · {detail}</span>}
        </span>
        {row.note && row.note !== movementKindLabels[row.kind] && <span className="break-words">{row.note}</span>}
        <span className="text-xs text-muted-foreground">
          {f.dateTime(row.created_at)}
          {row.actor_name && ` · ${row.actor_name}`}
        </span>
      </div>
      <div className="flex shrink-0 flex-col items-end tabular-nums">
        <span className={cn('font-semibold', row.quantity > 0 ? 'text-tone-green-foreground' : 'text-destructive')}>
          {row.quantity > 0 ? '+' : '−'}
          {f.points(Math.abs(row.quantity))}
        </span>
        <span className="text-xs text-muted-foreground">
          {m.colAfter}: {f.points(row.stock_after)}
        </span>
      </div>
    </li>
  );
}
