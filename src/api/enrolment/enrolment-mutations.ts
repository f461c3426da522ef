import { useMutation } from '@tanstack/react-query';
import { salesQueries } from '@/api/sales/sales-queries';
import { staffQueries } from '@/api/staff/staff-queries';
import { enrolMember } from './enrolment-api';
import { enrolmentQueries } from './enrolment-queries';

export const enrolmentMessages = {
  sent: 'Enrolamiento enviado: queda pendiente de aprobación.',
} as const;

/**
 * The form shows a refusal itself (at the e-mail field when it is about the address), so no toast on
 * error. A new enrolment is a pending sale: the member's lists and the staff's queue change.
 */
export function useEnrolMember() {
  return useMutation({
    mutationFn: enrolMember,
    meta: { success: enrolmentMessages.sent, quietError: true, invalidates: [enrolmentQueries.all(), salesQueries.all(), staffQueries.all()] },
  });
}
