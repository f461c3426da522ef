import { useMutation } from '@tanstack/react-query';
import { networkQueries } from '@/api/network/network-queries';
import { updateClientContact } from './clients-api';
import { clientsQueries } from './clients-queries';

export const clientsMessages = {
  contactSaved: 'Datos del miembro guardados.',
} as const;

/** The form shows a refusal beside the field it concerns, so no toast on error. */
export function useUpdateClientContact() {
  return useMutation({
    mutationFn: updateClientContact,
    meta: { success: clientsMessages.contactSaved, quietError: true, invalidates: [clientsQueries.all(), networkQueries.all()] },
  });
}
