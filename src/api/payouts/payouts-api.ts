import { unwrap, unwrapPage, type Page } from '@/lib/data/db';
import { DOCUMENT_TYPES, oneOf, PAYOUT_ACCOUNT_TYPES, PAYOUT_STATUSES, type DocumentType, type PayoutAccountType, type PayoutStatus } from '@/lib/data/domain';
import { supabase } from '@/lib/data/supabase';

export interface PayoutRequest {
  id: string;
  number: number;
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

/** A member's request as Mis Recompensas shows it: the account it goes to and what the bank answered. */
export interface MyPayout extends PayoutRequest {
  /** The account it was approved with (null while pending: it goes to the current one). */
  account: { institution_name: string; account_type: PayoutAccountType; account_number: string } | null;
  /** The bank returned it (it stays approved until paid again or rejected): the bank's reason. */
  bank_reason: string | null;
}

const PAYOUT_COLUMNS = 'id, number, client_id, amount, status, payment_details, payment_reference, rejection_reason, requested_at, decided_at, paid_at';
const MY_PAYOUT_COLUMNS = `${PAYOUT_COLUMNS}, payout_accounts(account_type, account_number, payout_institutions(name)), payout_batch_items(outcome, bank_reason, settled_at)`;
const toPayout = <T extends { status: string }>(row: T) => ({ ...row, status: oneOf(PAYOUT_STATUSES, row.status) });

/** The reference a request has in payment files and bank replies (private.payout_reference). */
export const payoutReference = (n: number) => `RET-${String(n).padStart(6, '0')}`;

// Member ----------------------------------------------------------------------------------------

/**
 * The money goes to the member's saved account (Mi Cuenta): only the amount is asked. `requestId`, this
 * attempt's key (useRequestKey): sent again after a lost answer, the request it made comes back.
 */
export async function requestPayout(input: { amount: number; requestId: string }): Promise<PayoutRequest> {
  const row = await unwrap(supabase.rpc('request_payout', { p_amount: input.amount, p_request_id: input.requestId }).single());
  return toPayout(row as PayoutRequest & { status: string });
}

export interface MyPayoutsParams {
  /** Whose: the signed-in member's own, or the member whose record staff open in Clientes (named, so an index serves it: fetchMyOrders says why). */
  clientId: string;
  page: number;
  pageSize: number;
}

type MyPayoutRow = PayoutRequest & {
  status: string;
  payout_accounts: { account_type: string; account_number: string; payout_institutions: { name: string } | null } | null;
  payout_batch_items: { outcome: string; bank_reason: string | null; settled_at: string | null }[];
};

const toMyPayout = ({ payout_accounts: a, payout_batch_items: items, ...row }: MyPayoutRow): MyPayout => {
  const failed = items.filter((i) => i.outcome === 'failed').sort((x, y) => (y.settled_at ?? '').localeCompare(x.settled_at ?? ''))[0];
  return {
    ...toPayout(row),
    account: a
      ? { institution_name: a.payout_institutions?.name ?? '', account_type: oneOf(PAYOUT_ACCOUNT_TYPES, a.account_type), account_number: a.account_number }
      : null,
    bank_reason: row.status === 'approved' ? (failed?.bank_reason ?? null) : null,
  };
};

/** The member's own requests, newest first (RLS: their own only), with their account and the bank's answer. */
export async function fetchMyPayouts(p: MyPayoutsParams, signal: AbortSignal): Promise<Page<MyPayout>> {
  let query = supabase
    .from('payout_requests')
    .select(MY_PAYOUT_COLUMNS, { count: 'exact' })
    .order('requested_at', { ascending: false })
    .order('id')
    .range((p.page - 1) * p.pageSize, p.page * p.pageSize - 1);
  query = query.eq('client_id', p.clientId).abortSignal(signal);
  const page = await unwrapPage(query);
  return { rows: (page.rows as unknown as MyPayoutRow[]).map(toMyPayout), total: page.total };
}

/** The member's requests still on their way (pending or approved), oldest first: Mis retiros beside the balance. */
export async function fetchPayoutsInProgress(clientId: string, signal: AbortSignal): Promise<MyPayout[]> {
  const query = supabase
    .from('payout_requests')
    .select(MY_PAYOUT_COLUMNS)
    .eq('client_id', clientId)
    .in('status', ['pending', 'approved'])
    .order('requested_at')
    .order('id')
    .limit(20)
    .abortSignal(signal);
  return ((await unwrap(query)) as unknown as MyPayoutRow[]).map(toMyPayout);
}

// Staff ------------------------------------------------------------------------------------------

export interface QueuedPayout extends Omit<PayoutRequest, 'number'> {
  client_name: string;
  client_email: string;
  /** The document on the member's record. */
  client_document: string | null;
  /** The member's available balance now, after reserving this request and their other open ones. */
  available: number;
  /** RET-000123: the request in payment files and the bank's reply. */
  reference: string;
  /** Where the money goes: the account it was approved with or, while pending, the member's current one (null: none). */
  account: {
    institution: string;
    type: PayoutAccountType;
    number: string;
    holder: string;
    document_type: DocumentType;
    document: string;
    holder_is_member: boolean;
  } | null;
  /** The account replaced another and this is the first request to go to it: «cuenta cambiada hace N días». */
  account_changed_days: number | null;
  /** The payment file this request waits in for the bank's answer. */
  open_batch: { id: string; batch_no: number } | null;
  /** The bank returned it (still approved): the bank's reason. */
  bank_reason: string | null;
}

type QueueRow = Awaited<ReturnType<typeof fetchQueueRows>>[number];
const fetchQueueRows = async (p: PayoutQueueParams, signal: AbortSignal) =>
  unwrap(
    supabase
      .rpc('get_payout_queue', {
        p_statuses: p.statuses ?? undefined,
        p_month: p.month ?? undefined,
        p_page: p.page,
        p_page_size: p.pageSize,
        p_outside_bank_files: p.outsideBankFiles || undefined,
      })
      .abortSignal(signal),
  );

// The generated types say non-null for every column of a function returning a table: these are the truth.
const toQueued = (r: QueueRow): QueuedPayout => ({
  id: r.id,
  client_id: r.client_id,
  client_name: r.client_name,
  client_email: r.client_email,
  client_document: r.client_document as string | null,
  amount: r.amount,
  status: oneOf(PAYOUT_STATUSES, r.status),
  payment_details: r.payment_details as string | null,
  payment_reference: r.payment_reference as string | null,
  rejection_reason: r.rejection_reason as string | null,
  requested_at: r.requested_at,
  decided_at: r.decided_at as string | null,
  paid_at: r.paid_at as string | null,
  available: r.available,
  reference: r.reference,
  account: (r.account_number as string | null)
    ? {
        institution: r.account_institution,
        type: oneOf(PAYOUT_ACCOUNT_TYPES, r.account_type),
        number: r.account_number,
        holder: r.account_holder,
        document_type: oneOf(DOCUMENT_TYPES, r.account_document_type),
        document: r.account_document,
        holder_is_member: r.account_holder_is_member,
      }
    : null,
  account_changed_days: r.account_changed_days as number | null,
  open_batch: (r.open_batch_id as string | null) ? { id: r.open_batch_id, batch_no: r.open_batch_no } : null,
  bank_reason: r.bank_reason as string | null,
});

export interface PayoutQueueParams {
  statuses: PayoutStatus[] | null;
  /** `YYYY-MM-01`: only requests finished (paid, or decided) in that business month, as the totals count them. */
  month?: string | null;
  page: number;
  pageSize: number;
  /** Only those waiting in no bank file: what a new payment file can take. */
  outsideBankFiles?: boolean;
}

/** The most rows get_payout_queue answers at once. */
export const PAYOUT_QUEUE_MAX_PAGE = 200;

export async function fetchPayoutQueue(p: PayoutQueueParams, signal: AbortSignal): Promise<Page<QueuedPayout>> {
  const rows = await fetchQueueRows(p, signal);
  return { rows: rows.map(toQueued), total: rows[0]?.total ?? 0 };
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
