import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { formatCount } from '@/lib/format/format';
import { cn } from '@/lib/utils';

export interface PaginationProps {
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  total: number;
  /** The count stopped at `total`: «Más de N resultados». */
  capped?: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  /** What the size counts («Productos por página»); rows by default. */
  sizeLabel?: string;
  className?: string;
}

function pageCountOf(total: number, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** «Página X de Y», the total, previous and next, and the page size. */
export function Pagination({
  page,
  pageSize,
  pageSizes,
  total,
  capped = false,
  onPageChange,
  onPageSizeChange,
  sizeLabel = 'Filas por página',
  className,
}: PaginationProps) {
  const sizeId = useId();
  const pageCount = pageCountOf(total, pageSize);
  return (
    <nav aria-label="Paginación" className={cn('flex flex-wrap items-center justify-between gap-x-6 gap-y-3 px-1 py-3 text-sm', className)}>
      <p className="text-muted-foreground" aria-live="polite">
        {capped ? `Más de ${formatCount(total)} resultados` : total === 1 ? '1 resultado' : `${formatCount(total)} resultados`}
      </p>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId} className="whitespace-nowrap text-muted-foreground">
            {sizeLabel}
          </label>
          <NativeSelect id={sizeId} value={pageSize} onChange={(e) => onPageSizeChange(Number(e.target.value))}>
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex items-center gap-2">
          <span className="whitespace-nowrap">
            Página {formatCount(page)} de {capped ? `más de ${formatCount(pageCount)}` : formatCount(pageCount)}
          </span>
          <Button variant="outline" size="icon" aria-label="Página anterior" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button variant="outline" size="icon" aria-label="Página siguiente" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
    </nav>
  );
}
