// Enrolar Miembro's data: the starter kits on sale, what an enrolment will bring the enroller (the
// database computes it with the engine's own rules), the enrolments a member placed, and the one
// business action, enrol_member.
import { z } from 'zod/mini';
import { unwrap, type Page } from '@/lib/data/db';
import { SALE_STATUSES, type PaymentMethod } from '@/lib/data/domain';
import { supabase } from '@/lib/data/supabase';
import type { Sale } from '@/api/sales/sales-api';

export interface StarterKit {
  id: string;
  name: string;
  /** What the kit includes, in the catalogue's own words. */
  description: string | null;
  price: number;
  points: number;
  stock: number;
}

/** The active starter kits, by price (a company sells one to three of them). */
export async function fetchStarterKits(signal: AbortSignal): Promise<StarterKit[]> {
  const query = supabase
    .from('products')
    .select('id, name, description, price, points, stock')
    .eq('is_kit', true)
    .eq('is_active', true)
    .order('price')
    .order('name')
    .limit(50)
    .abortSignal(signal);
  return unwrap(query);
}

const enrolmentPreview = z.object({
  kit_points: z.number(),
  kit_base: z.coerce.number(),
  points: z.number(),
  enrollment_commission: z.coerce.number(),
  commission_rate: z.coerce.number(),
  starter_bonus: z.coerce.number(),
  star_level: z.number(),
  level_name: z.nullable(z.string()),
  plan_version: z.number(),
});
export type EnrolmentPreview = z.infer<typeof enrolmentPreview>;

export async function previewEnrolment(kitId: string, signal: AbortSignal): Promise<EnrolmentPreview> {
  const row = await unwrap(supabase.rpc('preview_enrolment', { p_kit_id: kitId }).abortSignal(signal).single());
  return enrolmentPreview.parse(row);
}

const enrolment = z.object({
  sale_id: z.string(),
  sale_no: z.number(),
  status: z.enum(SALE_STATUSES),
  created_at: z.string(),
  total: z.coerce.number(),
  kit_name: z.nullable(z.string()),
  /** Null when the person was enrolled again by someone else after this one was refused. */
  name: z.nullable(z.string()),
  /** The person's address while they are this member's; once someone else's, the one this member typed. */
  email: z.nullable(z.string()),
  enrollment_status: z.nullable(z.enum(['pending', 'registered', 'rejected', 'cancelled'])),
  approved_at: z.nullable(z.string()),
  rejected_at: z.nullable(z.string()),
  rejection_reason: z.nullable(z.string()),
  cancelled_at: z.nullable(z.string()),
  cancellation_reason: z.nullable(z.string()),
});
export type Enrolment = z.infer<typeof enrolment>;
const enrolmentPage = z.object({ total: z.number(), enrolments: z.array(enrolment) });

export interface MyEnrolmentsParams {
  page: number;
  pageSize: number;
}

/** The enrolments the member placed, newest first, a page at a time with the total. */
export async function fetchMyEnrolments(p: MyEnrolmentsParams, signal: AbortSignal): Promise<Page<Enrolment>> {
  const query = supabase.rpc('get_my_enrolments', { p_page: p.page, p_page_size: p.pageSize }).abortSignal(signal);
  const page = enrolmentPage.parse(await unwrap(query));
  return { rows: page.enrolments, total: page.total };
}

export interface EnrolMemberInput {
  name: string;
  email: string;
  phone: string;
  documentNumber: string;
  address: string;
  city: string;
  kitId: string;
  paymentMethod: PaymentMethod;
  paymentReference: string;
  voucherPath: string | null;
}

export async function enrolMember(input: EnrolMemberInput): Promise<Pick<Sale, 'id' | 'sale_no' | 'status'>> {
  return unwrap(
    supabase
      .rpc('enrol_member', {
        p_name: input.name,
        p_email: input.email,
        p_kit_id: input.kitId,
        p_phone: input.phone || undefined,
        p_document_number: input.documentNumber || undefined,
        p_address: input.address || undefined,
        p_city: input.city || undefined,
        p_payment_method: input.paymentMethod,
        p_payment_reference: input.paymentReference || undefined,
        p_voucher_path: input.voucherPath ?? undefined,
      })
      .select('id, sale_no, status')
      .single(),
  ) as Promise<Pick<Sale, 'id' | 'sale_no' | 'status'>>;
}

const ownEnrolment = z.nullable(
  z.object({
    status: z.enum(['pending', 'rejected', 'cancelled']),
    name: z.string(),
    enroller_name: z.nullable(z.string()),
    submitted_at: z.string(),
    /** How it ended (rejected or cancelled), and when. */
    rejection_reason: z.nullable(z.string()),
    rejected_at: z.nullable(z.string()),
    company_name: z.string(),
    contact_info: z.string(),
  }),
);
export type OwnEnrolment = NonNullable<z.infer<typeof ownEnrolment>>;

/**
 * A person signed in without a role: their own enrolment, pending or rejected, found by the database
 * from the address Google confirmed (null when there is none).
 */
export async function fetchOwnEnrolment(signal: AbortSignal): Promise<OwnEnrolment | null> {
  return ownEnrolment.parse(await unwrap(supabase.rpc('get_my_enrolment').abortSignal(signal)));
}
