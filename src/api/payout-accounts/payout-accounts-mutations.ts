import { useMutation } from '@tanstack/react-query';
import { payoutsQueries } from '@/api/payouts/payouts-queries';
import { savePayoutAccount, setHolderException } from './payout-accounts-api';
import { payoutAccountsQueries } from './payout-accounts-queries';

export const payoutAccountsMessages = {
  saved: 'Cuenta para retiros guardada.',
  holderException: 'Permiso de titular actualizado.',
} as const;

/** The form pins each refusal to its field (the database names it), so no toast on error. */
export function useSavePayoutAccount() {
  return useMutation({
    mutationFn: savePayoutAccount,
    meta: { success: payoutAccountsMessages.saved, quietError: true, invalidates: [payoutAccountsQueries.all(), payoutsQueries.all()] },
  });
}

export function useSetHolderException() {
  return useMutation({
    mutationFn: setHolderException,
    meta: { success: payoutAccountsMessages.holderException, quietError: true, invalidates: [payoutAccountsQueries.all()] },
  });
}
