import { queryOptions } from '@tanstack/react-query';
import { fetchPublicPage } from './public-page-api';

export const publicPageQueries = {
  all: () => ['public-page'] as const,
  detail: (slug: string) =>
    queryOptions({
      queryKey: [...publicPageQueries.all(), slug] as const,
      queryFn: ({ signal }) => fetchPublicPage(slug, signal),
      staleTime: 5 * 60 * 1000,
    }),
};
