import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { fetchBalance, fetchLedgerMonths, fetchLedgerPage, type LedgerCursor, type LedgerParams } from './rewards-api';

export const rewardsQueries = {
  all: () => ['rewards'] as const,
  balance: (clientId: string | null) =>
    queryOptions({ queryKey: [...rewardsQueries.all(), 'balance', clientId] as const, queryFn: ({ signal }) => fetchBalance(clientId, signal) }),
  months: (clientId: string | null) =>
    queryOptions({ queryKey: [...rewardsQueries.all(), 'months', clientId] as const, queryFn: ({ signal }) => fetchLedgerMonths(clientId, signal) }),
  /** The ledger, page after page («Ver más»): a keyset, so a new entry never shifts a page. */
  ledger: (p: LedgerParams) =>
    infiniteQueryOptions({
      queryKey: [...rewardsQueries.all(), 'ledger', p] as const,
      queryFn: ({ pageParam, signal }) => fetchLedgerPage(p, pageParam, signal),
      initialPageParam: null as LedgerCursor | null,
      getNextPageParam: (last) => last.next,
    }),
};
