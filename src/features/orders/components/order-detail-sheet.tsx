// The side panel (the whole screen on a phone) that shows the order open in the URL. The detail,
// with its dialogs and actions, is fetched when an order is first opened or the list is idle, not
// with the list: member routes have a first-load budget (bench/route-budgets.mjs).
import { lazy, Suspense, useEffect } from 'react';
import { Sheet, SheetContent } from '@/components/ui/sheet';
import type { ClientProfile } from '@/lib/auth/types';
import { orderMessages as m } from '../messages';
import { OrderDetailSkeleton } from './order-detail-skeleton';

const loadDetail = () => import('./order-detail');
const OrderDetail = lazy(() => loadDetail().then((mod) => ({ default: mod.OrderDetail })));

export function OrderDetailSheet({ saleId, member, onClose }: { saleId: string | undefined; member: ClientProfile; onClose: () => void }) {
  useEffect(() => {
    void loadDetail();
  }, []);
  return (
    <Sheet open={!!saleId} onOpenChange={(open) => !open && onClose()}>
      {saleId && (
        <SheetContent side="right" closeLabel={m.close} aria-describedby={undefined} className="overflow-hidden">
          <Suspense fallback={<OrderDetailSkeleton />}>
            <OrderDetail saleId={saleId} member={member} />
          </Suspense>
        </SheetContent>
      )}
    </Sheet>
  );
}
