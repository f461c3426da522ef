import { SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { m } from '../messages';

export function SaleDetailSkeleton() {
  return (
    <div className="flex flex-col gap-6 p-6" aria-busy="true">
      <SheetTitle className="sr-only">{m.detailRegion}</SheetTitle>
      <div className="flex flex-col gap-2">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-5 w-56" />
      </div>
      <Skeleton className="h-14 w-full" />
      <div className="flex flex-col gap-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
      <Skeleton className="h-24 w-full" />
      <span className="sr-only" role="status">
        Cargando…
      </span>
    </div>
  );
}
