import { useMutation } from '@tanstack/react-query';
import { networkQueries } from '@/api/network/network-queries';
import { confirmClientEmail, updateClientContact } from './clients-api';
import { clientsQueries } from './clients-queries';

export const clientsMessages = {
  contactSaved: 'Datos del miembro guardados.',
  emailConfirmed: 'Correo confirmado: el miembro ya puede entrar con él.',
} as const;

/** The form shows a refusal beside the field it concerns, so no toast on error. */
export function useUpdateClientContact() {
  return useMutation({
    mutationFn: updateClientContact,
    meta: { success: clientsMessages.contactSaved, quietError: true, invalidates: [clientsQueries.all(), networkQueries.all()] },
  });
}

/** The confirmation dialog shows a refusal (the changer cannot confirm): no toast on error. */
export function useConfirmClientEmail() {
  return useMutation({
    mutationFn: confirmClientEmail,
    meta: { success: clientsMessages.emailConfirmed, quietError: true, invalidates: [clientsQueries.all()] },
  });
}
