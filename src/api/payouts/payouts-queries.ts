import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchMyPayouts, fetchPayoutQueue, fetchPayoutTotals, type MyPayoutsParams, type PayoutQueueParams } from './payouts-api';

export const payoutsQueries = {
  all: () => ['payouts'] as const,
  mine: (p: MyPayoutsParams) =>
    queryOptions({
      queryKey: [...payoutsQueries.all(), 'mine', p] as const,
      queryFn: ({ signal }) => fetchMyPayouts(p, signal),
      placeholderData: keepPreviousData,
    }),
  queue: (p: PayoutQueueParams) =>
    queryOptions({
      queryKey: [...payoutsQueries.all(), 'queue', p] as const,
      queryFn: ({ signal }) => fetchPayoutQueue(p, signal),
      placeholderData: keepPreviousData,
    }),
  totals: () => queryOptions({ queryKey: [...payoutsQueries.all(), 'totals'] as const, queryFn: ({ signal }) => fetchPayoutTotals(signal) }),
};
