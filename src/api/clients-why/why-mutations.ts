import { useMutation } from '@tanstack/react-query';
import { clientsQueries } from '@/api/clients/clients-queries';
import { membersQueries } from '@/api/members/members-queries';
import { networkQueries } from '@/api/network/network-queries';
import { changeEnroller } from './why-api';
import { clientsWhyQueries } from './why-queries';

export const clientsWhyMessages = {
  enrollerChanged: 'Enrolador cambiado.',
} as const;

/**
 * The dialog shows the database's refusal itself (quietError). Clientes, the network and the members'
 * months (group points) may show the moved people: they are read again.
 */
export function useChangeEnroller() {
  return useMutation({
    mutationFn: changeEnroller,
    meta: {
      success: clientsWhyMessages.enrollerChanged,
      quietError: true,
      invalidates: [clientsWhyQueries.all(), clientsQueries.all(), networkQueries.all(), membersQueries.all()],
    },
  });
}
