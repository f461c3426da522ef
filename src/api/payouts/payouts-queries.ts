import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchPayoutBatches, fetchReplyableBatches } from './payout-files-api';
import { fetchMyPayouts, fetchPayoutQueue, fetchPayoutsInProgress, fetchPayoutTotals, type MyPayoutsParams, type PayoutQueueParams } from './payouts-api';

export const payoutsQueries = {
  all: () => ['payouts'] as const,
  mine: (p: MyPayoutsParams) =>
    queryOptions({
      queryKey: [...payoutsQueries.all(), 'mine', p] as const,
      queryFn: ({ signal }) => fetchMyPayouts(p, signal),
      placeholderData: keepPreviousData,
    }),
  inProgress: (clientId: string) =>
    queryOptions({ queryKey: [...payoutsQueries.all(), 'in-progress', clientId] as const, queryFn: ({ signal }) => fetchPayoutsInProgress(clientId, signal) }),
  queue: (p: PayoutQueueParams) =>
    queryOptions({
      queryKey: [...payoutsQueries.all(), 'queue', p] as const,
      queryFn: ({ signal }) => fetchPayoutQueue(p, signal),
      placeholderData: keepPreviousData,
    }),
  totals: () => queryOptions({ queryKey: [...payoutsQueries.all(), 'totals'] as const, queryFn: ({ signal }) => fetchPayoutTotals(signal) }),
  replyable: () =>
    queryOptions({ queryKey: [...payoutsQueries.all(), 'batches', 'replyable'] as const, queryFn: ({ signal }) => fetchReplyableBatches(signal) }),
  batches: (page: number) =>
    queryOptions({
      queryKey: [...payoutsQueries.all(), 'batches', page] as const,
      queryFn: ({ signal }) => fetchPayoutBatches(page, signal),
      placeholderData: keepPreviousData,
    }),
};
