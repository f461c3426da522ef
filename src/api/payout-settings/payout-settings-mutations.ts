import { useMutation } from '@tanstack/react-query';
import { payoutAccountsQueries } from '@/api/payout-accounts/payout-accounts-queries';
import { savePayoutFileSettings, setInstitutionEnabled } from './payout-settings-api';
import { payoutSettingsQueries } from './payout-settings-queries';

export const payoutSettingsMessages = {
  saved: 'Datos de los archivos de pago guardados.',
  institution: 'Lista de bancos y billeteras actualizada.',
  institutionFailed: 'No se pudo cambiar la entidad',
} as const;

/** The form pins each refusal to its field (the database names it in DETAIL): no toast on error. */
export function useSavePayoutFileSettings() {
  return useMutation({
    mutationFn: savePayoutFileSettings,
    meta: { success: payoutSettingsMessages.saved, quietError: true, invalidates: [payoutSettingsQueries.all()] },
  });
}

export function useSetInstitutionEnabled() {
  return useMutation({
    mutationFn: setInstitutionEnabled,
    meta: { success: payoutSettingsMessages.institution, error: payoutSettingsMessages.institutionFailed, invalidates: [payoutAccountsQueries.all()] },
  });
}
