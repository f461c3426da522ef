import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchClosedMonthRows, fetchCloseMonths, fetchClosePreview, type ClosedMonthRowsParams, type ClosePreviewParams } from './periods-api';

export const periodsQueries = {
  all: () => ['periods'] as const,
  closeMonths: () =>
    queryOptions({
      queryKey: [...periodsQueries.all(), 'close-months'] as const,
      queryFn: ({ signal }) => fetchCloseMonths(signal),
      // While a close is queued or running, its progress is read again every few seconds.
      refetchInterval: (query) => (query.state.data?.some((m) => m.job_status === 'queued' || m.job_status === 'running') ? 3000 : false),
    }),
  closePreview: (params: ClosePreviewParams) =>
    queryOptions({
      queryKey: [...periodsQueries.all(), 'close-preview', params] as const,
      queryFn: ({ signal }) => fetchClosePreview(params, signal),
      placeholderData: keepPreviousData,
    }),
  closedMonthRows: (params: ClosedMonthRowsParams) =>
    queryOptions({
      queryKey: [...periodsQueries.all(), 'closed-month-rows', params] as const,
      queryFn: ({ signal }) => fetchClosedMonthRows(params, signal),
      placeholderData: keepPreviousData,
    }),
};
