import { unwrap } from '@/lib/data/db';
import { supabase } from '@/lib/data/supabase';

/** One business month of Finanzas (get_finance_month, get_finance_series): every amount from the database. */
export interface FinanceMonth {
  /** `YYYY-MM-01`. */
  month: string;
  /** Paid and delivered sales approved in the month, net of cancellations. */
  revenue: number;
  /** At each product's unit cost when its units left the stock. */
  cost_of_goods: number;
  gross_margin: number;
  /** Units sold without a recorded unit cost (counted at 0 in the cost). */
  units_without_cost: number;
  commissions: number;
  bonuses: number;
  /** Negative: cancellations', the close's and clawbacks'. */
  reversals: number;
  rewards_net: number;
  margin_after_rewards: number;
  /** Negative: reversals written after the month was closed (a subset of `reversals`). */
  clawbacks: number;
  /** Payouts paid in the month (by the day they were paid). */
  payouts_paid: number;
  /** Owed to members at the month's end: net income earned so far minus what was paid. */
  liability: number;
  /** Only get_finance_month says it. */
  closed?: boolean;
}

export interface FinanceProduct {
  product_id: string;
  sku: string;
  name: string;
  units: number;
  revenue: number;
  cost: number;
  margin: number;
  /** Margin ÷ revenue; null without revenue. */
  margin_rate: number | null;
  units_without_cost: number;
}

/** `month` is `YYYY-MM`. */
export async function fetchFinanceMonth(month: string, signal: AbortSignal): Promise<FinanceMonth> {
  return (await unwrap(supabase.rpc('get_finance_month', { p_month: `${month}-01` }).abortSignal(signal))) as unknown as FinanceMonth;
}

export async function fetchFinanceSeries(months: number, signal: AbortSignal): Promise<FinanceMonth[]> {
  return (await unwrap(supabase.rpc('get_finance_series', { p_months: months }).abortSignal(signal))) as unknown as FinanceMonth[];
}

export async function fetchFinanceProducts(month: string, signal: AbortSignal): Promise<FinanceProduct[]> {
  return (await unwrap(supabase.rpc('get_finance_products', { p_month: `${month}-01` }).abortSignal(signal))) as FinanceProduct[];
}
