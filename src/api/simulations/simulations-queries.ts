import { queryOptions } from '@tanstack/react-query';
import { fetchSimulationJob, isWorking } from './simulations-api';

/** While the job runner has it, the job is read again every second; once done or failed it stays. */
export const POLL_MS = 1000;

export const simulationQueries = {
  all: () => ['simulations'] as const,
  job: (id: number) =>
    queryOptions({
      queryKey: [...simulationQueries.all(), id] as const,
      queryFn: ({ signal }) => fetchSimulationJob(id, signal),
      // A refusal (the job is gone, the session lost its role) is not asked again every second.
      refetchInterval: (query) => (query.state.status !== 'error' && (query.state.data === undefined || isWorking(query.state.data.status)) ? POLL_MS : false),
      staleTime: Infinity,
    }),
};
