import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchAnalysis, fetchHistory, fetchQuestionnaire, type HealthHistoryParams } from './health-api';

export const healthQueries = {
  all: () => ['health'] as const,
  questionnaire: () =>
    queryOptions({ queryKey: [...healthQueries.all(), 'questionnaire'] as const, queryFn: ({ signal }) => fetchQuestionnaire(signal), staleTime: 10 * 60_000 }),
  histories: () => [...healthQueries.all(), 'history'] as const,
  history: (p: HealthHistoryParams) =>
    queryOptions({ queryKey: [...healthQueries.histories(), p] as const, queryFn: ({ signal }) => fetchHistory(p, signal), placeholderData: keepPreviousData }),
  detail: (id: string) => queryOptions({ queryKey: [...healthQueries.all(), 'detail', id] as const, queryFn: ({ signal }) => fetchAnalysis(id, signal) }),
};
