import { queryOptions } from '@tanstack/react-query';
import { fetchStaffMembers, fetchWorkCounts } from './staff-api';

export const staffQueries = {
  all: () => ['staff'] as const,
  workCounts: () =>
    queryOptions({
      queryKey: [...staffQueries.all(), 'work-counts'] as const,
      queryFn: ({ signal }) => fetchWorkCounts(signal),
      refetchInterval: 30_000,
    }),
  members: () =>
    queryOptions({
      queryKey: [...staffQueries.all(), 'members'] as const,
      queryFn: ({ signal }) => fetchStaffMembers(signal),
    }),
};
