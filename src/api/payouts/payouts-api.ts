import { toDbError, unwrap, unwrapPage, type DbError, type Page } from '@/lib/data/db';
import { oneOf, PAYOUT_STATUSES, type PayoutStatus } from '@/lib/data/domain';
import { supabase } from '@/lib/data/supabase';

export interface PayoutRequest {
  id: string;
  client_id: string;
  amount: number;
  status: PayoutStatus;
  payment_details: string | null;
  payment_reference: string | null;
  rejection_reason: string | null;
  requested_at: string;
  decided_at: string | null;
  paid_at: string | null;
}

const PAYOUT_COLUMNS = 'id, client_id, amount, status, payment_details, payment_reference, rejection_reason, requested_at, decided_at, paid_at';
const toPayout = <T extends { status: string }>(row: T) => ({ ...row, status: oneOf(PAYOUT_STATUSES, row.status) });

// Member ----------------------------------------------------------------------------------------

export async function requestPayout(input: { amount: number; paymentDetails: string }): Promise<PayoutRequest> {
  const row = await unwrap(supabase.rpc('request_payout', { p_amount: input.amount, p_payment_details: input.paymentDetails || undefined }).single());
  return toPayout(row as PayoutRequest & { status: string });
}

export interface MyPayoutsParams {
  /** Staff (a member's record in Clientes): whose; a member reads their own (RLS). */
  clientId?: string | null;
  page: number;
  pageSize: number;
}

/** The member's own requests, newest first (RLS: their own only). */
export async function fetchMyPayouts(p: MyPayoutsParams, signal: AbortSignal): Promise<Page<PayoutRequest>> {
  let query = supabase
    .from('payout_requests')
    .select(PAYOUT_COLUMNS, { count: 'exact' })
    .order('requested_at', { ascending: false })
    .order('id')
    .range((p.page - 1) * p.pageSize, p.page * p.pageSize - 1);
  if (p.clientId) query = query.eq('client_id', p.clientId);
  query = query.abortSignal(signal);
  const page = await unwrapPage(query);
  return { rows: page.rows.map(toPayout), total: page.total };
}

// Staff ------------------------------------------------------------------------------------------

export interface QueuedPayout extends PayoutRequest {
  client_name: string;
  client_email: string;
  /** For the bank's payment file; null when the member never gave one. */
  client_document: string | null;
  /** The member's available balance now, their open requests already taken out. */
  available: number;
}

export interface PayoutQueueParams {
  statuses: PayoutStatus[] | null;
  /** `YYYY-MM-01`: only requests finished (paid, or decided) in that business month, as the totals count them. */
  month?: string | null;
  page: number;
  pageSize: number;
}

/** The most rows get_payout_queue answers at once. */
export const PAYOUT_QUEUE_MAX_PAGE = 200;

export async function fetchPayoutQueue(p: PayoutQueueParams, signal: AbortSignal): Promise<Page<QueuedPayout>> {
  const query = supabase
    .rpc('get_payout_queue', {
      p_statuses: p.statuses ?? undefined,
      p_month: p.month ?? undefined,
      p_page: p.page,
      p_page_size: p.pageSize,
    })
    .abortSignal(signal);
  const rows = (await unwrap(query)) as (QueuedPayout & { status: string; total: number })[];
  return { rows: rows.map(({ total: _total, ...row }) => toPayout(row)), total: rows[0]?.total ?? 0 };
}

export interface PayoutTotal {
  status: PayoutStatus;
  requests: number;
  amount: number;
  /** Paid and rejected count this month only; pending and approved whatever their age. */
  this_month: boolean;
}

export async function fetchPayoutTotals(signal: AbortSignal): Promise<PayoutTotal[]> {
  const query = supabase.rpc('get_payout_totals').abortSignal(signal);
  return ((await unwrap(query)) as (PayoutTotal & { status: string })[]).map(toPayout);
}

export async function approvePayout(id: string) {
  return unwrap(supabase.rpc('approve_payout', { p_payout_id: id }).single());
}

export async function payPayout(id: string, reference: string) {
  return unwrap(supabase.rpc('pay_payout', { p_payout_id: id, p_reference: reference }).single());
}

export async function rejectPayout(id: string, reason: string) {
  return unwrap(supabase.rpc('reject_payout', { p_payout_id: id, p_reason: reason }).single());
}

export interface PayoutPayment {
  id: string;
  reference: string;
}

export interface PayoutPaymentResult {
  id: string;
  /** The database's refusal, or null when the request is now paid. */
  error: DbError | null;
}

/**
 * Several approved requests paid with one bank batch: each is marked paid on its own (pay_payout),
 * one after another, so one refusal (another staff member rejected it meanwhile) never stops the rest.
 */
export async function payPayouts(payments: readonly PayoutPayment[]): Promise<PayoutPaymentResult[]> {
  const results: PayoutPaymentResult[] = [];
  for (const { id, reference } of payments) {
    try {
      await payPayout(id, reference);
      results.push({ id, error: null });
    } catch (error) {
      results.push({ id, error: toDbError(error) });
    }
  }
  return results;
}
