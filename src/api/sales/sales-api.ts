import { z } from 'zod/mini';
import { unwrap, unwrapPage, type Page } from '@/lib/data/db';
import { oneOf, SALE_KINDS, SALE_STATUSES, type LedgerType, type OrderItem, type PaymentMethod, type SaleKind, type SaleStatus } from '@/lib/data/domain';
import { supabase } from '@/lib/data/supabase';

export interface SaleLine {
  product_id: string;
  product_name: string;
  image_path: string | null;
  quantity: number;
  unit_price: number;
  unit_points: number;
  line_total: number;
  /** Stock there is now (staff see it; for members it is what the catalogue shows). */
  stock: number | null;
  product_active: boolean | null;
}

export interface Sale {
  id: string;
  sale_no: number;
  /** Null for a direct sale to a walk-in buyer (staff only ever read those). */
  client_id: string | null;
  kind: SaleKind;
  status: SaleStatus;
  total: number;
  commissionable_total: number;
  points_total: number;
  period_month: string | null;
  payment_method: PaymentMethod | null;
  payment_reference: string | null;
  voucher_path: string | null;
  delivery_address: string | null;
  notes: string | null;
  rejection_reason: string | null;
  cancellation_reason: string | null;
  created_at: string;
  approved_at: string | null;
  delivered_at: string | null;
  rejected_at: string | null;
  cancelled_at: string | null;
}

export interface SaleWithLines extends Sale {
  client: { id: string; name: string; email: string; phone: string | null; document_number: string | null; city: string | null; address: string | null } | null;
  lines: SaleLine[];
}

const SALE_COLUMNS =
  'id, sale_no, client_id, kind, status, total, commissionable_total, points_total, period_month, payment_method, payment_reference, voucher_path, delivery_address, notes, rejection_reason, cancellation_reason, created_at, approved_at, delivered_at, rejected_at, cancelled_at';
const DETAIL_COLUMNS = `${SALE_COLUMNS}, client:clients(id, name, email, phone, document_number, city, address), items:sale_items(product_id, quantity, unit_price, unit_points, line_total, product:products(name, image_path, stock, is_active))`;

type SaleRow = Omit<Sale, 'kind' | 'status' | 'payment_method'> & { kind: string; status: string; payment_method: string | null };

function toSale<T extends SaleRow>(row: T): Omit<T, 'kind' | 'status' | 'payment_method'> & Pick<Sale, 'kind' | 'status' | 'payment_method'> {
  return {
    ...row,
    kind: oneOf(SALE_KINDS, row.kind),
    status: oneOf(SALE_STATUSES, row.status),
    payment_method: row.payment_method as PaymentMethod | null,
  };
}

interface DetailRow extends SaleRow {
  client: SaleWithLines['client'];
  items: {
    product_id: string;
    quantity: number;
    unit_price: number;
    unit_points: number;
    line_total: number;
    product: { name: string; image_path: string | null; stock: number; is_active: boolean } | null;
  }[];
}

function toSaleWithLines(row: DetailRow): SaleWithLines {
  const { items, ...rest } = row;
  return {
    ...toSale(rest),
    lines: items
      .map((i) => ({
        product_id: i.product_id,
        product_name: i.product?.name ?? 'Producto retirado',
        image_path: i.product?.image_path ?? null,
        quantity: i.quantity,
        unit_price: i.unit_price,
        unit_points: i.unit_points,
        line_total: i.line_total,
        stock: i.product?.stock ?? null,
        product_active: i.product?.is_active ?? null,
      }))
      .sort((a, b) => a.product_name.localeCompare(b.product_name, 'es')),
  };
}

// Member ------------------------------------------------------------------------------------------------

export interface PlaceOrderInput {
  items: OrderItem[];
  paymentMethod: PaymentMethod;
  paymentReference: string;
  voucherPath: string | null;
  deliveryAddress: string;
  notes: string;
  /** The total the member read beside «Confirmar pedido»: another one today is refused (order_total_changed). */
  expectedTotal: number;
  /** This attempt's key (useRequestKey): sent again after a lost answer, the order it made comes back, not a second one. */
  requestId: string;
}

export async function placeOrder(input: PlaceOrderInput): Promise<Sale> {
  const row = await unwrap(
    supabase
      .rpc('place_order', {
        p_items: input.items as unknown as never,
        p_payment_method: input.paymentMethod,
        p_payment_reference: input.paymentReference || undefined,
        p_voucher_path: input.voucherPath ?? undefined,
        p_delivery_address: input.deliveryAddress || undefined,
        p_notes: input.notes || undefined,
        p_expected_total: input.expectedTotal,
        p_request_id: input.requestId,
      })
      .single(),
  );
  return toSale(row as SaleRow);
}

export interface MyOrdersParams {
  status: SaleStatus | null;
  /** Whose: the signed-in member's own, or the member whose record staff open in Clientes. */
  clientId: string;
  /** The signed-in member's user id: the enrolments they placed are theirs to list too. */
  placedBy?: string | null;
  page: number;
  pageSize: number;
}

/**
 * A member's orders (and, for the member, the enrolments they placed), newest first. RLS alone would
 * give the same rows, but its policies are OR'ed with staff's, which no index serves: without the
 * owner named here, a member's list reads the whole table.
 */
export async function fetchMyOrders(p: MyOrdersParams, signal: AbortSignal): Promise<Page<Sale>> {
  let query = supabase
    .from('sales')
    .select(SALE_COLUMNS, { count: 'exact' })
    .order('created_at', { ascending: false })
    .order('id')
    .range((p.page - 1) * p.pageSize, p.page * p.pageSize - 1);
  if (p.status) query = query.eq('status', p.status);
  query = p.placedBy ? query.or(`client_id.eq.${p.clientId},and(kind.eq.enrollment,created_by.eq.${p.placedBy})`) : query.eq('client_id', p.clientId);
  query = query.abortSignal(signal);
  const page = await unwrapPage(query);
  return { rows: page.rows.map((r) => toSale(r as SaleRow)), total: page.total };
}

export async function fetchSale(id: string, signal: AbortSignal): Promise<SaleWithLines> {
  const query = supabase.from('sales').select(DETAIL_COLUMNS).eq('id', id).abortSignal(signal);
  return toSaleWithLines((await unwrap(query.single())) as unknown as DetailRow);
}

export interface SaleLineDetail {
  product_id: string;
  sku: string;
  name: string;
  image_path: string | null;
  quantity: number;
  unit_price: number;
  unit_points: number;
  line_total: number;
  line_points: number;
  /** Still for sale now (a member's catalogue shows only these). */
  is_active: boolean;
  is_kit: boolean;
  /** Units there are now. */
  stock: number;
}

/**
 * The lines of a sale the caller may read, named even when a product was withdrawn since (a member
 * reads only the active catalogue, so the embed in fetchSale leaves those lines nameless).
 */
export async function fetchSaleLines(saleId: string, signal: AbortSignal): Promise<SaleLineDetail[]> {
  const query = supabase.rpc('get_sale_lines', { p_sale_id: saleId }).abortSignal(signal);
  return (await unwrap(query)).map((l) => ({ ...l, image_path: l.image_path as string | null }));
}

export interface SaleEntry {
  id: number;
  type: LedgerType;
  amount: number;
  points: number;
  rule: string;
  period_month: string;
}

/** The ledger entries a sale wrote for the person reading (a member: their own; staff: all of them). */
export async function fetchSaleEntries(saleId: string, signal: AbortSignal): Promise<SaleEntry[]> {
  const query = supabase
    .from('reward_transactions')
    .select('id, type, amount, points, rule, period_month')
    .eq('source_sale_id', saleId)
    .order('id')
    .abortSignal(signal);
  return (await unwrap(query)) as SaleEntry[];
}

export async function cancelSale(id: string, reason?: string) {
  return unwrap(supabase.rpc('cancel_sale', { p_sale_id: id, p_reason: reason }));
}

// Staff: approvals ---------------------------------------------------------------------------------------

export interface QueueParams {
  page: number;
  pageSize: number;
}

/**
 * Orders and enrolments waiting for approval, oldest first, with their member and lines. One function
 * picks the page from the pending sales' index before reading anything else: an OFFSET read with
 * embeds built the member and lines of every skipped row (bench/README.md, «The approvals queue»).
 */
/** A sale in the approvals queue: the sale with its lines, and its fraud signs for the card. */
export interface QueueSale extends SaleWithLines {
  fraud_signs: string[];
}

export async function fetchApprovalQueue(p: QueueParams, signal: AbortSignal): Promise<Page<QueueSale>> {
  const query = supabase.rpc('get_approval_queue', { p_page: p.page, p_page_size: p.pageSize }).abortSignal(signal);
  // The rows have fetchSale's shape (DETAIL_COLUMNS) and their fraud signs, built by the function.
  const page = (await unwrap(query)) as unknown as { total: number; sales: (DetailRow & { fraud_signs: string[] })[] };
  return { rows: page.sales.map(({ fraud_signs, ...row }) => ({ ...toSaleWithLines(row), fraud_signs })), total: page.total };
}

export interface RewardPreviewLine {
  beneficiary_id: string;
  beneficiary_name: string;
  type: LedgerType;
  amount: number;
  points: number;
  generation: number | null;
  base: number | null;
  rate: number | null;
  star_level: number | null;
  rule: string;
  plan_version: number;
}

export async function previewSaleRewards(saleId: string, signal: AbortSignal): Promise<RewardPreviewLine[]> {
  const query = supabase.rpc('preview_sale_rewards', { p_sale_id: saleId }).abortSignal(signal);
  return (await unwrap(query)) as RewardPreviewLine[];
}

/** Another sale that shares a payment reference or a voucher file with the one being checked. */
const otherSale = z.object({ sale_id: z.string(), sale_no: z.number(), status: z.enum(SALE_STATUSES), client_name: z.string(), created_at: z.string() });
export type OtherSale = z.infer<typeof otherSale>;

const saleChecks = z.object({
  /** Each fraud sign as the database's sentence: approving needs «Lo revisé» while there is one. */
  fraud_signs: z.array(z.string()),
  reference_reuse: z.array(otherSale),
  voucher_reuse: z.array(otherSale),
  stock: z.array(z.object({ product_id: z.string(), name: z.string(), needed: z.number(), stock: z.number(), short: z.number(), active: z.boolean() })),
  enrolment: z.nullable(
    z.object({
      name: z.string(),
      email: z.string(),
      phone: z.nullable(z.string()),
      document_number: z.nullable(z.string()),
      enroller_name: z.nullable(z.string()),
      email_is_staff: z.boolean(),
      /** Staff changed the address (issue 23 §2): who, and whether it was the reader. */
      email_check: z.nullable(z.object({ set_by_email: z.nullable(z.string()), set_by_me: z.boolean(), set_at: z.string() })),
      earlier_attempts: z.number(),
      document_reuse: z.array(z.object({ client_id: z.string(), name: z.string(), status: z.string() })),
    }),
  ),
});
export type SaleChecks = z.infer<typeof saleChecks>;

export async function fetchSaleChecks(saleId: string, signal: AbortSignal): Promise<SaleChecks> {
  const query = supabase.rpc('get_sale_checks', { p_sale_id: saleId }).abortSignal(signal);
  return saleChecks.parse(await unwrap(query));
}

/** The amount staff read on the voucher against the sale's total, as the database compares them. */
const voucherNote = z.nullable(
  z.object({
    amount: z.number(),
    sale_total: z.number(),
    /** The voucher's amount minus the sale's total. */
    difference: z.number(),
    matches: z.boolean(),
    noted_by_email: z.nullable(z.string()),
    noted_at: z.string(),
  }),
);
export type VoucherNote = z.infer<typeof voucherNote>;

export async function fetchVoucherNote(saleId: string, signal: AbortSignal): Promise<VoucherNote> {
  return voucherNote.parse(await unwrap(supabase.rpc('get_voucher_note', { p_sale_id: saleId }).abortSignal(signal)));
}

/** Notes (or corrects) the voucher's amount; null removes the note. */
export async function noteVoucherAmount(saleId: string, amount: number | null): Promise<VoucherNote> {
  // The generated type says number; null is how the function removes a note.
  const args = { p_sale_id: saleId, p_amount: amount as number };
  return voucherNote.parse(await unwrap(supabase.rpc('note_voucher_amount', args)));
}

/** What approve_sale says it did: the sale's number and how many ledger entries it wrote. */
const approved = z.object({ sale_no: z.number(), entries: z.number() });
export type ApprovedSale = z.infer<typeof approved>;

/** `signsReviewed`: the approver ticked «Lo revisé»; the database refuses a sale with a fraud sign without it. */
export async function approveSale({ id, signsReviewed }: { id: string; signsReviewed: boolean }): Promise<ApprovedSale> {
  return approved.parse(await unwrap(supabase.rpc('approve_sale', { p_sale_id: id, p_signs_reviewed: signsReviewed })));
}

const rejected = z.object({ sale_no: z.number() });
export type RejectedSale = z.infer<typeof rejected>;

export async function rejectSale(id: string, reason: string): Promise<RejectedSale> {
  return rejected.parse(await unwrap(supabase.rpc('reject_sale', { p_sale_id: id, p_reason: reason })));
}
