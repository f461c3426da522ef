// «Nueva venta directa» (`?nueva=1`) in a side panel; its form loads when the panel first opens.
import { lazy, Suspense } from 'react';
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { m } from '../messages';

const NewSaleForm = lazy(() => import('./new-sale-form').then((mod) => ({ default: mod.NewSaleForm })));

export function NewSaleSheet({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (saleId: string) => void }) {
  return (
    <Sheet open={open} onOpenChange={(next) => !next && onClose()}>
      {open && (
        <SheetContent side="right" closeLabel={m.close} aria-describedby={undefined} className="overflow-hidden">
          <Suspense
            fallback={
              <div className="flex flex-col gap-4 p-6" aria-busy="true">
                <SheetTitle className="sr-only">{m.newSale}</SheetTitle>
                <Skeleton className="h-6 w-48" />
                <Skeleton className="h-9 w-full" />
                <Skeleton className="h-24 w-full" />
              </div>
            }
          >
            <NewSaleForm onCreated={onCreated} />
          </Suspense>
        </SheetContent>
      )}
    </Sheet>
  );
}
