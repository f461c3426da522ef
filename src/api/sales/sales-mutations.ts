import { useMutation } from '@tanstack/react-query';
import { catalogueQueries } from '@/api/catalogue/catalogue-queries';
import { membersQueries } from '@/api/members/members-queries';
import { payoutsQueries } from '@/api/payouts/payouts-queries';
import { rewardsQueries } from '@/api/rewards/rewards-queries';
import { staffQueries } from '@/api/staff/staff-queries';
import { formatCount } from '@/lib/format/format';
import { notify } from '@/lib/feedback/notify';
import { approveSale, cancelSale, noteVoucherAmount, placeOrder, rejectSale, type ApprovedSale, type RejectedSale } from './sales-api';
import { salesQueries } from './sales-queries';

export const salesMessages = {
  placed: 'Pedido enviado: queda pendiente de aprobación.',
  placeFailed: 'No pudimos enviar tu pedido',
  cancelled: 'Pedido cancelado.',
  cancelFailed: 'No se pudo cancelar',
  approved: ({ sale_no, entries }: ApprovedSale) =>
    `Venta #${formatCount(sale_no)} aprobada: queda Pagada y ${
      entries === 0
        ? 'no escribió recompensas'
        : entries === 1
          ? 'se escribió 1 asiento de recompensas'
          : `se escribieron ${formatCount(entries)} asientos de recompensas`
    }.`,
  approveFailed: 'No se pudo aprobar',
  rejected: ({ sale_no }: RejectedSale) => `Venta #${formatCount(sale_no)} rechazada: queda Rechazado con tu motivo, sin mover stock ni dinero.`,
  rejectFailed: 'No se pudo rechazar',
  voucherNoted: 'Importe del comprobante anotado.',
  voucherNoteRemoved: 'Nota del importe borrada.',
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

/**
 * What a screen may add to an approval or a rejection: `onDone` runs once the database said yes and
 * before the changed queries refetch (the approvals queue opens the next sale there, so the one
 * just resolved is not read again); `quietError` when the screen shows the refusal itself.
 */
export interface SaleDecisionOptions {
  onDone?: (saleId: string) => void;
  quietError?: boolean;
}

// The success toast is raised here rather than through meta.success: its sentence needs the
// database's answer (the sale's number, the entries written).
export function useApproveSale({ onDone, quietError = false }: SaleDecisionOptions = {}) {
  return useMutation({
    mutationFn: approveSale,
    onSuccess: (result, id) => {
      notify.success(salesMessages.approved(result));
      onDone?.(id);
    },
    meta: { error: salesMessages.approveFailed, quietError, invalidates: moneyAndStock },
  });
}

export function useRejectSale({ onDone, quietError = false }: SaleDecisionOptions = {}) {
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => rejectSale(id, reason),
    onSuccess: (result, { id }) => {
      notify.success(salesMessages.rejected(result));
      onDone?.(id);
    },
    meta: { error: salesMessages.rejectFailed, quietError, invalidates: moneyAndStock },
  });
}

/** The amount read on a voucher; the screen shows a refusal beside the field. Only that sale's note
 *  changes (the comparison is part of it). */
export function useNoteVoucherAmount(saleId: string) {
  return useMutation({
    mutationFn: (amount: number | null) => noteVoucherAmount(saleId, amount),
    onSuccess: (note) => notify.success(note ? salesMessages.voucherNoted : salesMessages.voucherNoteRemoved),
    meta: { quietError: true, invalidates: [salesQueries.voucherNote(saleId).queryKey] },
  });
}
