import { useMutation } from '@tanstack/react-query';
import { rewardsQueries } from '@/api/rewards/rewards-queries';
import { staffQueries } from '@/api/staff/staff-queries';
import { applyPayoutReply, exportPayoutFile, previewPayoutReply, voidPayoutBatch } from './payout-files-api';
import { approvePayout, payPayout, rejectPayout, requestPayout } from './payouts-api';
import { payoutsQueries } from './payouts-queries';

export const payoutsMessages = {
  requested: 'Solicitud de retiro enviada.',
  approved: 'Solicitud aprobada.',
  paid: 'Pago registrado.',
  rejected: 'Solicitud rechazada: el importe vuelve al saldo del miembro.',
  voided: 'Archivo anulado: sus solicitudes sin respuesta vuelven a estar listas para otro archivo.',
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

/** «Exportar archivo de pago»: the dialog shows a refusal inside it and then downloads the file. */
export function useExportPayoutFile() {
  return useMutation({ mutationFn: exportPayoutFile, meta: { quietError: true, invalidates: [payoutsQueries.all()] } });
}

export function useVoidPayoutBatch() {
  return useMutation({ mutationFn: voidPayoutBatch, meta: { success: payoutsMessages.voided, quietError: true, invalidates: [payoutsQueries.all()] } });
}

/** The preview changes nothing: a mutation only because it sends a file (and must not be cached). */
export function usePreviewPayoutReply() {
  return useMutation({ mutationFn: previewPayoutReply, meta: { quietError: true } });
}

/** «Marcar pagados» from the bank's reply: the dialog says how many were paid and which stay approved. */
export function useApplyPayoutReply() {
  return useMutation({ mutationFn: applyPayoutReply, meta: { quietError: true, invalidates: balancesAndQueue } });
}
