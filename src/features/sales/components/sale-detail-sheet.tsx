// The side panel (the whole screen on a phone) with the sale open in the URL. The detail, its
// dialogs and actions load when a sale is first opened or the list is idle, not with the list.
import { lazy, Suspense, useEffect } from 'react';
import { Sheet, SheetContent } from '@/components/ui/sheet';
import { m } from '../messages';
import { SaleDetailSkeleton } from './sale-detail-skeleton';

const loadDetail = () => import('./sale-detail');
const SaleDetail = lazy(() => loadDetail().then((mod) => ({ default: mod.SaleDetail })));

export function SaleDetailSheet({ saleId, onClose }: { saleId: string | undefined; onClose: () => void }) {
  useEffect(() => {
    const idle = setTimeout(() => void loadDetail(), 1500);
    return () => clearTimeout(idle);
  }, []);
  return (
    <Sheet open={!!saleId} onOpenChange={(open) => !open && onClose()}>
      {saleId && (
        <SheetContent side="right" closeLabel={m.close} aria-describedby={undefined} className="overflow-hidden">
          <Suspense fallback={<SaleDetailSkeleton />}>
            <SaleDetail saleId={saleId} />
          </Suspense>
        </SheetContent>
      )}
    </Sheet>
  );
}
