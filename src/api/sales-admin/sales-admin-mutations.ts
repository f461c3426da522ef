import { useMutation } from '@tanstack/react-query';
import { catalogueQueries } from '@/api/catalogue/catalogue-queries';
import { membersQueries } from '@/api/members/members-queries';
import { payoutsQueries } from '@/api/payouts/payouts-queries';
import { rewardsQueries } from '@/api/rewards/rewards-queries';
import { salesQueries } from '@/api/sales/sales-queries';
import { staffQueries } from '@/api/staff/staff-queries';
import { formatCount } from '@/lib/format/format';
import { notify } from '@/lib/feedback/notify';
import { cancelSaleAsStaff, createDirectSale, deliverSale, type CancelledSale } from './sales-admin-api';

export const salesAdminMessages = {
  delivered: (saleNo: number) => `Venta #${formatCount(saleNo)} marcada como entregada.`,
  deliverFailed: 'No se pudo marcar como entregada',
  cancelled: ({ sale_no, reversals }: CancelledSale) =>
    `Venta #${formatCount(sale_no)} cancelada${
      reversals === 0
        ? '.'
        : reversals === 1
          ? ': se escribió 1 contraasiento y el stock volvió.'
          : `: se escribieron ${formatCount(reversals)} contraasientos y el stock volvió.`
    }`,
  created: (saleNo: number) => `Venta directa #${formatCount(saleNo)} registrada: queda Pagada.`,
} as const;

/** A sale that changes state moves stock, points, balances and the staff's counts. */
const moneyAndStock = [
  salesQueries.all(),
  catalogueQueries.all(),
  rewardsQueries.all(),
  membersQueries.all(),
  payoutsQueries.all(),
  staffQueries.all(),
] as const;

export function useDeliverSale() {
  return useMutation({
    mutationFn: deliverSale,
    onSuccess: ({ sale_no }) => notify.success(salesAdminMessages.delivered(sale_no)),
    meta: { error: salesAdminMessages.deliverFailed, invalidates: moneyAndStock },
  });
}

/** The dialog shows a refusal itself (another tab cancelled first), so no toast on error. */
export function useCancelSaleAsStaff() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => cancelSaleAsStaff(id, reason),
    onSuccess: (result) => notify.success(salesAdminMessages.cancelled(result)),
    meta: { quietError: true, invalidates: moneyAndStock },
  });
}

/** The form shows a refusal beside the line or field it concerns. */
export function useCreateDirectSale() {
  return useMutation({
    mutationFn: createDirectSale,
    onSuccess: ({ sale_no }) => notify.success(salesAdminMessages.created(sale_no)),
    meta: { quietError: true, invalidates: moneyAndStock },
  });
}
