import { unwrap } from '@/lib/data/db';
import { supabase } from '@/lib/data/supabase';

export interface MemberMonth {
  client_id: string;
  /** First day of the business month, `YYYY-MM-01`. */
  month: string;
  month_closed: boolean;
  is_current: boolean;
  /** Days left in the month, today included (0 for a past month). */
  days_left: number;
  month_end: string;
  personal_points: number;
  activity_points: number;
  is_active: boolean;
  points_missing: number;
  pending_income: number;
  /** What the close would forfeit if the month ended now while inactive. */
  at_risk_amount: number;
  star_level: number;
  star_name: string;
  group_points: number;
  next_level: number | null;
  next_level_name: string | null;
  next_level_group_points: number | null;
  /** Group points still missing for the next level this month (null at the top level). */
  next_level_points_missing: number | null;
  currency: string;
}

export interface MemberMonthParams {
  /** Staff say whose; a member reads their own (null). */
  clientId: string | null;
  /** `YYYY-MM-01`, or null for the open month. */
  month: string | null;
}

export async function fetchMemberMonth(p: MemberMonthParams, signal: AbortSignal): Promise<MemberMonth> {
  const query = supabase
    .rpc('get_member_month', { p_client_id: p.clientId ?? undefined, p_month: p.month ?? undefined })
    .abortSignal(signal)
    .single();
  return (await unwrap(query)) as MemberMonth;
}
