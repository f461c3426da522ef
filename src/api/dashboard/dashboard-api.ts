import { unwrap } from '@/lib/data/db';
import { supabase } from '@/lib/data/supabase';

/** One business month's figures (get_dashboard's `months`: the last six, oldest first). */
export interface DashboardMonth {
  /** `YYYY-MM-01`. */
  month: string;
  closed: boolean;
  /** Paid and delivered sales by sale date: cancelled, rejected and pending ones do not count. */
  sales_count: number;
  sales_total: number;
  /** Members registered (enrolment approved) in the month. */
  new_members: number;
  /** Closed months: as the close judged them; the open month: so far. */
  active_members: number;
  near_active_members: number;
  /** Registered at the end of the month (the active share's denominator). */
  registered_members: number;
  commissions: number;
  bonuses: number;
  /** Negative: cancellations' and the close's reversals. */
  reversals: number;
  /** Commissions + bonuses + reversals: the ratio's numerator. */
  rewards_net: number;
  commissionable_sales: number;
  /** (commissions + bonuses + reversals) ÷ commissionable sales; null without sales. */
  payout_ratio: number | null;
}

export interface DashboardProduct {
  product_id: string;
  sku: string;
  name: string;
  stock: number;
}

export interface Dashboard {
  /** `YYYY-MM-DD` in the company's time zone. */
  today: string;
  month: string;
  previous_month: string;
  /** Days of the month from today, today included. */
  days_left: number;
  currency: string;
  activity_points: number;
  near_active_from: number;
  low_stock_threshold: number;
  months: DashboardMonth[];
  /** The ratio projected at the close: this month's × the effect the last close had (factor). */
  projection: { basis_month: string | null; factor: number; payout_ratio: number | null };
  /** Months before this one still open (their close is due). */
  unclosed_months: string[];
  approvals: { count: number; oldest_at: string | null };
  payouts: { pending: number; approved: number; amount: number };
  /** Owed to members: income of open months, and of closed months not yet paid out. */
  liability: { pending: number; available_unpaid: number; total: number };
  running_out: (DashboardProduct & { units_30_days: number; days_left: number })[];
  daily_sales: { day: string; total: number; count: number }[];
  top_products: { product_id: string; name: string; units: number; revenue: number }[];
  low_stock: DashboardProduct[];
}

export async function fetchDashboard(signal: AbortSignal): Promise<Dashboard> {
  return (await unwrap(supabase.rpc('get_dashboard').abortSignal(signal))) as unknown as Dashboard;
}

export interface NearActiveMember {
  client_id: string;
  member_no: number;
  name: string;
  personal_points: number;
}

/** Members close to the activity points this month, most points first. */
export async function fetchNearActive(limit: number, signal: AbortSignal): Promise<NearActiveMember[]> {
  return unwrap(supabase.rpc('get_dashboard_near_active', { p_limit: limit }).abortSignal(signal));
}
