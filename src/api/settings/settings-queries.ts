import { queryOptions } from '@tanstack/react-query';
import { fetchTimezoneChange } from './settings-api';

export const settingsJobQueries = {
  all: () => ['settings', 'jobs'] as const,
  /** While the job runs, it is read again every two seconds. */
  timezoneChange: () =>
    queryOptions({
      queryKey: [...settingsJobQueries.all(), 'timezone-change'] as const,
      queryFn: ({ signal }) => fetchTimezoneChange(signal),
      refetchInterval: (query) => (query.state.data?.status === 'queued' || query.state.data?.status === 'running' ? 2000 : false),
    }),
};
