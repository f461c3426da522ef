import { queryOptions } from '@tanstack/react-query';
import { fetchBenefits } from './benefits-api';

export const benefitsQueries = {
  all: () => ['benefits'] as const,
  // The list changes only with a deploy: never refetched while the app is open.
  list: () => queryOptions({ queryKey: [...benefitsQueries.all(), 'list'] as const, queryFn: ({ signal }) => fetchBenefits(signal), staleTime: Infinity }),
};
