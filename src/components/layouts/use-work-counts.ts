import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { staffQueries } from '@/api/staff/staff-queries';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/format/format';
import type { NavCount } from './nav-list';

const pending = (n: number) => (n === 1 ? '1 pendiente' : `${formatCount(n)} pendientes`);

/** What waits for the staff, beside its nav item; refreshed by the query itself (every 30 s). */
export function useWorkCounts(): Partial<Record<string, NavCount>> {
  const { data } = useQuery(staffQueries.workCounts());
  return useMemo(() => (data ? { [paths.approvals]: { value: data.pending_approvals, description: pending(data.pending_approvals) } } : {}), [data]);
}
