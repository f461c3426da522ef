import { useMutation } from '@tanstack/react-query';
import { rewardsQueries } from '@/api/rewards/rewards-queries';
import { staffQueries } from '@/api/staff/staff-queries';
import { approvePayout, payPayout, payPayouts, rejectPayout, requestPayout } from './payouts-api';
import { payoutsQueries } from './payouts-queries';

export const payoutsMessages = {
  requested: 'Solicitud de retiro enviada.',
  approved: 'Solicitud aprobada.',
  paid: 'Pago registrado.',
  rejected: 'Solicitud rechazada: el importe vuelve al saldo del miembro.',
} as const;

/** A payout moves the member's balance and the staff's queue. */
const balancesAndQueue = [payoutsQueries.all(), rewardsQueries.all(), staffQueries.all()] as const;

/** The form pins a refusal (above the balance, under the minimum) to the amount field: no toast. */
export function useRequestPayout() {
  return useMutation({ mutationFn: requestPayout, meta: { success: payoutsMessages.requested, quietError: true, invalidates: balancesAndQueue } });
}

/** The dialog shows a refusal inside it (another staff member acted first), so no toast on error. */
export function useApprovePayout() {
  return useMutation({ mutationFn: approvePayout, meta: { success: payoutsMessages.approved, quietError: true, invalidates: balancesAndQueue } });
}

/** The dialog shows a refusal inside it (the reference stays typed), so no toast on error. */
export function usePayPayout() {
  return useMutation({
    mutationFn: ({ id, reference }: { id: string; reference: string }) => payPayout(id, reference),
    meta: { success: payoutsMessages.paid, quietError: true, invalidates: balancesAndQueue },
  });
}

export function useRejectPayout() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => rejectPayout(id, reason),
    meta: { success: payoutsMessages.rejected, quietError: true, invalidates: balancesAndQueue },
  });
}

/** «Marcar pagados»: the dialog shows each request's outcome beside it and says how many were paid. */
export function usePayPayouts() {
  return useMutation({ mutationFn: payPayouts, meta: { quietError: true, invalidates: balancesAndQueue } });
}
