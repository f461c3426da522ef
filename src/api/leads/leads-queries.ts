import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchLeads, type LeadsParams } from './leads-api';

export const leadsQueries = {
  all: () => ['leads'] as const,
  list: (p: LeadsParams) =>
    queryOptions({ queryKey: [...leadsQueries.all(), 'list', p] as const, queryFn: ({ signal }) => fetchLeads(p, signal), placeholderData: keepPreviousData }),
};
