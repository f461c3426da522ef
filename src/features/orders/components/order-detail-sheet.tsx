// The side panel (the whole screen on a phone) that shows the order open in the URL. The panel, with
// the detail's dialogs and actions, is fetched when the list is idle or an order is first opened, not
// with the list: member routes have a first-load budget (bench/route-budgets.mjs).
import { lazy, Suspense, useEffect } from 'react';
import type { ClientProfile } from '@/lib/auth/types';

const loadPanel = () => import('./order-detail-panel');
const OrderDetailPanel = lazy(loadPanel);

export function OrderDetailSheet(props: { saleId: string | undefined; member: ClientProfile; onClose: () => void }) {
  useEffect(() => {
    void loadPanel();
  }, []);
  return (
    <Suspense fallback={null}>
      <OrderDetailPanel {...props} />
    </Suspense>
  );
}
