// The sheet of the order open in the URL, with its detail: loaded by OrderDetailSheet as the list first
// renders, so Mis Pedidos' first load carries neither the detail nor the sheet.
import { Suspense } from 'react';
import { Sheet, SheetContent } from '@/components/ui/sheet';
import type { ClientProfile } from '@/lib/auth/types';
import { orderMessages as m } from '../messages';
import { OrderDetail } from './order-detail';
import { OrderDetailSkeleton } from './order-detail-skeleton';

export default function OrderDetailPanel({ saleId, member, onClose }: { saleId: string | undefined; member: ClientProfile; onClose: () => void }) {
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
