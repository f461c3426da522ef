import { useMutation } from '@tanstack/react-query';
import { requestPeriodClose } from './periods-api';
import { periodsQueries } from './periods-queries';

export const periodsMessages = {
  closeRequested: 'Cierre pedido: empieza en menos de un minuto.',
} as const;

/** The confirmation shows a refusal inside it (a close in progress, a month not ended), so no toast on error. */
export function useRequestPeriodClose() {
  return useMutation({
    mutationFn: requestPeriodClose,
    meta: {
      success: periodsMessages.closeRequested,
      quietError: true,
      invalidates: [periodsQueries.all()],
    },
  });
}
