import { useMutation } from '@tanstack/react-query';
import { catalogueQueries } from '@/api/catalogue/catalogue-queries';
import { membersQueries } from '@/api/members/members-queries';
import { payoutsQueries } from '@/api/payouts/payouts-queries';
import { rewardsQueries } from '@/api/rewards/rewards-queries';
import { staffQueries } from '@/api/staff/staff-queries';
import { approveSale, cancelSale, placeOrder, rejectSale } from './sales-api';
import { salesQueries } from './sales-queries';

export const salesMessages = {
  placed: 'Pedido enviado: queda pendiente de aprobación.',
  placeFailed: 'No pudimos enviar tu pedido',
  cancelled: 'Pedido cancelado.',
  approved: 'Venta aprobada.',
  approveFailed: 'No se pudo aprobar',
  rejected: 'Venta rechazada.',
  rejectFailed: 'No se pudo rechazar',
} as const;

/** A sale that changes state moves stock, points, balances and the staff's queue. */
const moneyAndStock = [
  salesQueries.all(),
  catalogueQueries.all(),
  rewardsQueries.all(),
  membersQueries.all(),
  payoutsQueries.all(),
  staffQueries.all(),
] as const;

/** The checkout shows the refusal beside the cart (the line that ran out), so no toast on error. */
export function usePlaceOrder() {
  return useMutation({
    mutationFn: placeOrder,
    meta: { success: salesMessages.placed, quietError: true, invalidates: moneyAndStock },
  });
}

/** A member cancels their pending order; the confirmation dialog shows a refusal itself, so no toast on error. */
export function useCancelOrder() {
  return useMutation({
    mutationFn: (id: string) => cancelSale(id),
    meta: { success: salesMessages.cancelled, quietError: true, invalidates: moneyAndStock },
  });
}

export function useApproveSale() {
  return useMutation({
    mutationFn: approveSale,
    meta: { success: salesMessages.approved, error: salesMessages.approveFailed, invalidates: moneyAndStock },
  });
}

export function useRejectSale() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => rejectSale(id, reason),
    meta: { success: salesMessages.rejected, error: salesMessages.rejectFailed, invalidates: moneyAndStock },
  });
}
