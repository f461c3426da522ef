import { useMutation } from '@tanstack/react-query';
import { updateLeadStatus } from './leads-api';
import { leadsQueries } from './leads-queries';

export const leadsMessages = {
  statusChanged: 'Seguimiento actualizado.',
  statusFailed: 'No se pudo cambiar el seguimiento',
} as const;

export function useUpdateLeadStatus() {
  return useMutation({
    mutationFn: updateLeadStatus,
    meta: { success: leadsMessages.statusChanged, error: leadsMessages.statusFailed, invalidates: [leadsQueries.all()] },
  });
}
