import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchNetworkPage, fetchNetworkSummary, type NetworkPageParams, type NetworkSummaryParams } from './network-api';

export const networkQueries = {
  all: () => ['network'] as const,
  summary: (p: NetworkSummaryParams) =>
    queryOptions({ queryKey: [...networkQueries.all(), 'summary', p] as const, queryFn: ({ signal }) => fetchNetworkSummary(p, signal) }),
  page: (p: NetworkPageParams) =>
    queryOptions({
      queryKey: [...networkQueries.all(), 'page', p] as const,
      queryFn: ({ signal }) => fetchNetworkPage(p, signal),
      placeholderData: keepPreviousData,
    }),
};
