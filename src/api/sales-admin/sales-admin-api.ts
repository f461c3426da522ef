// Ventas (staff): every sale with filters, sorts and pages, the totals of the filtered sales, the CSV's
// pages, one sale explained (timeline, entries), what a cancellation would reverse, and the staff's
// actions (deliver, cancel with a reason, a direct sale). Each read is a function that refuses anyone
// but staff (20250701092000_reads_catalogue_and_sales.sql).
import { z } from 'zod/mini';
import { unwrap, type Page } from '@/lib/data/db';
import {
  LEDGER_STATES,
  LEDGER_TYPES,
  oneOf,
  PAYMENT_METHODS,
  SALE_KINDS,
  SALE_STATUSES,
  type OrderItem,
  type PaymentMethod,
  type SaleKind,
  type SaleStatus,
} from '@/lib/data/domain';
import { supabase } from '@/lib/data/supabase';

export const SALE_SORTS = ['fecha', 'total', 'numero'] as const;
export type SaleSort = (typeof SALE_SORTS)[number];

export interface SalesFilter {
  statuses: SaleStatus[];
  kind: SaleKind | null;
  /** `YYYY-MM-DD`, the sale's date in the company's time zone, both inclusive. */
  from: string | null;
  to: string | null;
  clientId: string | null;
}

export interface SalesListParams extends SalesFilter {
  sort: SaleSort;
  desc: boolean;
  page: number;
  pageSize: number;
}

export interface SaleRow {
  id: string;
  sale_no: number;
  created_at: string;
  /** Null for a walk-in buyer (a direct sale to someone who is not a member): the name and e-mail are the sale's. */
  client_id: string | null;
  client_name: string;
  client_email: string | null;
  kind: SaleKind;
  status: SaleStatus;
  total: number;
  points_total: number;
  payment_method: PaymentMethod | null;
  payment_reference: string | null;
}

const filterArgs = (f: SalesFilter) => ({
  p_statuses: f.statuses.length ? f.statuses : undefined,
  p_kind: f.kind ?? undefined,
  p_from: f.from ?? undefined,
  p_to: f.to ?? undefined,
  p_client_id: f.clientId ?? undefined,
});

type RawRow = Omit<SaleRow, 'kind' | 'status' | 'payment_method'> & { kind: string; status: string; payment_method: string | null };

const toRow = ({ kind, status, payment_method, ...rest }: RawRow): SaleRow => ({
  ...rest,
  kind: oneOf(SALE_KINDS, kind),
  status: oneOf(SALE_STATUSES, status),
  payment_method: payment_method === null ? null : oneOf(PAYMENT_METHODS, payment_method),
});

/** One page of sales; a few pages past this one the count stops (`capped`). */
export async function searchSales(p: SalesListParams, signal: AbortSignal): Promise<Page<SaleRow>> {
  const query = supabase.rpc('search_sales', { ...filterArgs(p), p_sort: p.sort, p_desc: p.desc, p_page: p.page, p_page_size: p.pageSize }).abortSignal(signal);
  const rows = (await unwrap(query)) as (RawRow & { row_count: number; row_count_capped: boolean })[];
  const first = rows[0];
  return {
    rows: rows.map(({ row_count: _n, row_count_capped: _c, ...row }) => toRow(row)),
    total: first?.row_count ?? 0,
    capped: first?.row_count_capped ?? false,
  };
}

export interface SalesTotals {
  sales_count: number;
  total: number;
  points_total: number;
}

export async function fetchSalesTotals(f: SalesFilter, signal: AbortSignal): Promise<SalesTotals> {
  const rows = (await unwrap(supabase.rpc('get_sales_totals', filterArgs(f)).abortSignal(signal))) as SalesTotals[];
  return rows[0] ?? { sales_count: 0, total: 0, points_total: 0 };
}

/** The most rows export_sales gives at once. */
export const EXPORT_PAGE = 1000;

/** One page of the CSV: the filtered sales by number, newest first, before `beforeNo`. */
export async function exportSalesPage(f: SalesFilter, beforeNo: number | null, signal?: AbortSignal, limit = EXPORT_PAGE): Promise<SaleRow[]> {
  let query = supabase.rpc('export_sales', { ...filterArgs(f), p_before_no: beforeNo ?? undefined, p_limit: limit });
  if (signal) query = query.abortSignal(signal);
  return ((await unwrap(query)) as RawRow[]).map(toRow);
}

// One sale ------------------------------------------------------------------------------------------------

const saleStatus = z.enum(SALE_STATUSES);
const nullableText = z.nullable(z.string());

const detailSchema = z.object({
  sale: z.object({
    id: z.string(),
    sale_no: z.number(),
    client_id: nullableText,
    kind: z.enum(SALE_KINDS),
    status: saleStatus,
    total: z.number(),
    commissionable_total: z.number(),
    points_total: z.number(),
    period_month: nullableText,
    payment_method: z.nullable(z.enum(PAYMENT_METHODS)),
    payment_reference: nullableText,
    voucher_path: nullableText,
    delivery_address: nullableText,
    notes: nullableText,
    rejection_reason: nullableText,
    cancellation_reason: nullableText,
    created_at: z.string(),
    approved_at: nullableText,
    delivered_at: nullableText,
    rejected_at: nullableText,
    cancelled_at: nullableText,
  }),
  /** Null for a walk-in buyer's sale. */
  member: z.nullable(
    z.object({
      id: z.string(),
      member_no: z.number(),
      name: z.string(),
      email: z.string(),
      phone: nullableText,
      document_number: nullableText,
      enrollment_status: z.string(),
    }),
  ),
  /** A direct sale to someone who is not a member: who bought, as staff wrote it. */
  walk_in_buyer: z.nullable(z.object({ name: z.string(), document_number: nullableText, phone: nullableText, email: nullableText })),
  period_closed: z.boolean(),
  timeline: z.array(
    z.object({
      step: z.enum(['created', 'approved', 'rejected', 'delivered', 'cancelled']),
      at: z.string(),
      by: nullableText,
      reason: nullableText,
    }),
  ),
  entries: z.array(
    z.object({
      id: z.number(),
      created_at: z.string(),
      period_month: z.string(),
      period_closed: z.boolean(),
      type: z.enum(LEDGER_TYPES),
      type_label: z.string(),
      amount: z.number(),
      points: z.number(),
      generation: z.nullable(z.number()),
      base: z.nullable(z.number()),
      rate: z.nullable(z.number()),
      star_level: z.nullable(z.number()),
      explanation: z.string(),
      reason: nullableText,
      plan_version: z.number(),
      source_sale_id: nullableText,
      sale_no: z.nullable(z.number()),
      source_client_name: nullableText,
      reverses_id: z.nullable(z.number()),
      reversed_by_id: z.nullable(z.number()),
      reversed_by_explanation: nullableText,
      reversed_by_reason: nullableText,
      state: z.enum(LEDGER_STATES),
      beneficiary_id: z.string(),
      beneficiary_name: z.string(),
    }),
  ),
});
export type SaleDetail = z.infer<typeof detailSchema>;
export type SaleDetailEntry = SaleDetail['entries'][number];
export type TimelineStep = SaleDetail['timeline'][number];

export async function fetchSaleDetail(id: string, signal: AbortSignal): Promise<SaleDetail> {
  return detailSchema.parse(await unwrap(supabase.rpc('get_sale_detail', { p_sale_id: id }).abortSignal(signal)));
}

const previewSchema = z.object({
  sale_id: z.string(),
  sale_no: z.number(),
  status: saleStatus,
  /** Paid or delivered: stock and rewards move back; a pending sale moved nothing. */
  paid: z.boolean(),
  entries: z.array(
    z.object({
      reverses_id: z.number(),
      beneficiary_id: z.string(),
      beneficiary_name: z.string(),
      type: z.enum(LEDGER_TYPES),
      type_label: z.string(),
      original_type: z.enum(LEDGER_TYPES),
      original_label: z.string(),
      amount: z.number(),
      points: z.number(),
      generation: z.nullable(z.number()),
      period_month: z.string(),
      period_closed: z.boolean(),
    }),
  ),
  stock: z.array(z.object({ product_id: z.string(), name: z.string(), quantity: z.number(), stock: z.number(), stock_after: z.number() })),
  amount: z.number(),
  points: z.number(),
  closed_entries: z.number(),
});
export type CancellationPreview = z.infer<typeof previewSchema>;

export async function previewCancellation(id: string, signal: AbortSignal): Promise<CancellationPreview> {
  return previewSchema.parse(await unwrap(supabase.rpc('preview_sale_cancellation', { p_sale_id: id }).abortSignal(signal)));
}

// Actions --------------------------------------------------------------------------------------------------

const changed = z.object({ sale_no: z.number() });
export type ChangedSale = z.infer<typeof changed>;
const cancelled = z.object({ sale_no: z.number(), reversals: z.number() });
export type CancelledSale = z.infer<typeof cancelled>;

export async function deliverSale(id: string): Promise<ChangedSale> {
  return changed.parse(await unwrap(supabase.rpc('deliver_sale', { p_sale_id: id })));
}

export async function cancelSaleAsStaff(id: string, reason: string): Promise<CancelledSale> {
  return cancelled.parse(await unwrap(supabase.rpc('cancel_sale', { p_sale_id: id, p_reason: reason })));
}

/** A buyer who is not a member: the name, and what they chose to give. */
export interface WalkInBuyer {
  name: string;
  documentNumber: string;
  phone: string;
  email: string;
}

export interface DirectSaleInput {
  /** Either a registered member or a walk-in buyer, never both (create_direct_sale refuses it). */
  buyer: { clientId: string } | { walkIn: WalkInBuyer };
  items: OrderItem[];
  paymentMethod: PaymentMethod;
  paymentReference: string;
  notes: string;
  /** This attempt's key (useRequestKey): sent again after a lost answer, the sale it made comes back, not a second one. */
  requestId: string;
}

export async function createDirectSale(input: DirectSaleInput): Promise<{ id: string; sale_no: number }> {
  const row = await unwrap(
    supabase
      .rpc('create_direct_sale', {
        ...('clientId' in input.buyer
          ? { p_client_id: input.buyer.clientId }
          : {
              // No member: SQL null (the generated types cannot say that a parameter without a default takes it).
              p_client_id: null as unknown as string,
              p_buyer_name: input.buyer.walkIn.name,
              p_buyer_document_number: input.buyer.walkIn.documentNumber || undefined,
              p_buyer_phone: input.buyer.walkIn.phone || undefined,
              p_buyer_email: input.buyer.walkIn.email || undefined,
            }),
        p_items: input.items as unknown as never,
        p_payment_method: input.paymentMethod,
        p_payment_reference: input.paymentReference || undefined,
        p_notes: input.notes || undefined,
        p_request_id: input.requestId,
      })
      .single(),
  );
  return { id: (row as { id: string }).id, sale_no: (row as { sale_no: number }).sale_no };
}
