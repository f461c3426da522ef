import { unwrap } from '@/lib/db';
import { supabase } from '@/lib/supabase';

export interface StaffWorkCounts {
  pending_approvals: number;
  oldest_pending_at: string | null;
  pending_payouts: number;
  approved_payouts: number;
}

/** What is waiting for the staff (the navigation's counts), counted by the database's indexes. */
export async function fetchWorkCounts(signal: AbortSignal): Promise<StaffWorkCounts> {
  const query = supabase.rpc('get_staff_work_counts').abortSignal(signal).single();
  return (await unwrap(query)) as StaffWorkCounts;
}
