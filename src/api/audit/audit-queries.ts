import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchAuditLog, type AuditLogParams } from './audit-api';

export const auditQueries = {
  all: () => ['audit'] as const,
  log: (params: AuditLogParams) =>
    queryOptions({
      queryKey: [...auditQueries.all(), 'log', params] as const,
      queryFn: ({ signal }) => fetchAuditLog(params, signal),
      placeholderData: keepPreviousData,
    }),
};
