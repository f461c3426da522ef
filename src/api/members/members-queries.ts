import { queryOptions } from '@tanstack/react-query';
import { fetchMemberMonth, type MemberMonthParams } from './members-api';

export const membersQueries = {
  all: () => ['members'] as const,
  month: (p: MemberMonthParams) =>
    queryOptions({ queryKey: [...membersQueries.all(), 'month', p] as const, queryFn: ({ signal }) => fetchMemberMonth(p, signal) }),
};
