// The side panel (the whole screen on a phone) that shows the order open in the URL. The panel, with
// the detail's dialogs and actions, is a chunk of its own that the list asks for as it first renders,
// not part of its first load: member routes have a first-load budget (bench/route-budgets.mjs).
import { lazy, Suspense } from 'react';
import type { ClientProfile } from '@/lib/auth/types';

const OrderDetailPanel = lazy(() => import('./order-detail-panel'));

export function OrderDetailSheet(props: { saleId: string | undefined; member: ClientProfile; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <OrderDetailPanel {...props} />
    </Suspense>
  );
}
