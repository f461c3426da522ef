import { queryOptions } from '@tanstack/react-query';
import { fetchHolderException, fetchInstitutions, fetchPayoutAccount } from './payout-accounts-api';

export const payoutAccountsQueries = {
  all: () => ['payout-accounts'] as const,
  institutions: () => queryOptions({ queryKey: [...payoutAccountsQueries.all(), 'institutions'] as const, queryFn: ({ signal }) => fetchInstitutions(signal) }),
  current: (clientId: string) =>
    queryOptions({ queryKey: [...payoutAccountsQueries.all(), 'current', clientId] as const, queryFn: ({ signal }) => fetchPayoutAccount(clientId, signal) }),
  holderException: (clientId: string) =>
    queryOptions({
      queryKey: [...payoutAccountsQueries.all(), 'holder-exception', clientId] as const,
      queryFn: ({ signal }) => fetchHolderException(clientId, signal),
    }),
};
