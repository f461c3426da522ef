import { queryOptions } from '@tanstack/react-query';
import { fetchPlanLevels, fetchPlanVersions } from './plan-api';

export const planQueries = {
  all: () => ['plan'] as const,
  levels: () => queryOptions({ queryKey: [...planQueries.all(), 'levels'] as const, queryFn: ({ signal }) => fetchPlanLevels(signal) }),
  versions: () => queryOptions({ queryKey: [...planQueries.all(), 'versions'] as const, queryFn: ({ signal }) => fetchPlanVersions(signal) }),
};
