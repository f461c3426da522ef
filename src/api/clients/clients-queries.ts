import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchClientAudit, fetchClientProfile, fetchStarLevels, searchMembers, type ClientAuditParams, type MemberSearchParams } from './clients-api';

export const clientsQueries = {
  all: () => ['clients'] as const,
  search: (p: MemberSearchParams) =>
    queryOptions({
      queryKey: [...clientsQueries.all(), 'search', p] as const,
      queryFn: ({ signal }) => searchMembers(p, signal),
      placeholderData: keepPreviousData,
    }),
  starLevels: () =>
    queryOptions({ queryKey: [...clientsQueries.all(), 'star-levels'] as const, queryFn: ({ signal }) => fetchStarLevels(signal), staleTime: 10 * 60_000 }),
  profile: (id: string) =>
    queryOptions({ queryKey: [...clientsQueries.all(), 'profile', id] as const, queryFn: ({ signal }) => fetchClientProfile(id, signal) }),
  audit: (p: ClientAuditParams) =>
    queryOptions({
      queryKey: [...clientsQueries.all(), 'audit', p] as const,
      queryFn: ({ signal }) => fetchClientAudit(p, signal),
      placeholderData: keepPreviousData,
    }),
};
