import { queryOptions } from '@tanstack/react-query';
import { fetchDashboard, fetchNearActive } from './dashboard-api';

export const dashboardQueries = {
  all: () => ['dashboard'] as const,
  overview: () => queryOptions({ queryKey: [...dashboardQueries.all(), 'overview'] as const, queryFn: ({ signal }) => fetchDashboard(signal) }),
  nearActive: (limit: number) =>
    queryOptions({
      queryKey: [...dashboardQueries.all(), 'near-active', limit] as const,
      queryFn: ({ signal }) => fetchNearActive(limit, signal),
    }),
};
