import { SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { orderMessages as m } from '../messages';

/** The order's sheet while its code or its data arrive: header, lines and payment blocks. */
export function OrderDetailSkeleton() {
  return (
    <div className="flex flex-col gap-4 p-6" aria-busy="true">
      <SheetTitle className="sr-only">{m.detailLoading}</SheetTitle>
      <Skeleton className="h-7 w-48" />
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-24 w-full" />
      <span className="sr-only" role="status">
        Cargando…
      </span>
    </div>
  );
}
