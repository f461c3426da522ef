import { unwrap } from '@/lib/data/db';
import { supabase } from '@/lib/data/supabase';

/** What the month's close or a cancellation did to an entry (get_why_not_paid's `reversal`). */
export interface WhyReversal {
  id: number;
  amount?: number;
  points?: number;
  /** The engine's sentence: for a forfeit, the rule and the figure that caused it. */
  explanation: string;
  reason: string | null;
  created_at: string;
  cancelled_at: string | null;
  cancellation_reason: string | null;
}

interface WhyLineBase {
  id: number;
  type: string;
  created_at: string;
  explanation: string;
  sale_id: string | null;
  sale_no: number | null;
  sale_kind: 'order' | 'enrollment' | 'direct' | null;
  sale_status: string | null;
  source_client_name: string | null;
  reversal: WhyReversal | null;
}

/** A commission or bonus of the month and what became of it. */
export interface WhyEntry extends WhyLineBase {
  amount: number;
  generation: number | null;
  state: 'pendiente' | 'disponible' | 'anulada' | 'revertida';
}

/** An entry of personal points (a purchase, or the kit of someone the member enrolled). */
export interface WhyPointLine extends WhyLineBase {
  points: number;
  state: 'vigente' | 'revertida';
}

export type WhyVerdict = 'no_income' | 'paid' | 'pending' | 'at_risk' | 'forfeited' | 'reversed';

export interface WhyNotPaid {
  client_id: string;
  client_name: string;
  /** `YYYY-MM-01`. */
  month: string;
  month_closed: boolean;
  is_current: boolean;
  closed_at: string | null;
  currency: string;
  /** The threshold the month is judged by (its close's plan; today's while open). */
  activity_points: number;
  personal_points: number;
  is_active: boolean;
  points_missing: number;
  verdict: WhyVerdict;
  earned: number;
  forfeited: number;
  reversed: number;
  pending: number;
  available: number;
  /** The first 100 of the month, oldest first; `entries_more` says there are more. */
  entries: WhyEntry[];
  entries_more: boolean;
  point_lines: WhyPointLine[];
  point_lines_more: boolean;
}

export async function fetchWhyNotPaid(clientId: string, month: string, signal: AbortSignal): Promise<WhyNotPaid> {
  const query = supabase.rpc('get_why_not_paid', { p_client_id: clientId, p_month: month }).abortSignal(signal);
  return (await unwrap(query)) as unknown as WhyNotPaid;
}

export interface PersonRef {
  id: string;
  name: string;
}

export interface EnrollerChangePreview {
  client_id: string;
  client_name: string;
  old_enroller_id: string | null;
  old_enroller_name: string | null;
  new_enroller_id: string;
  new_enroller_name: string;
  /** The member and everyone below them. */
  moved_members: number;
  /** The first 20 who move, by generation (0 = the member) then name. */
  first_moved: (PersonRef & { generation: number })[];
  /** Nearest first. */
  old_upline: PersonRef[];
  new_upline: PersonRef[];
  open_month: string;
}

export async function fetchEnrollerChangePreview(clientId: string, newEnrollerId: string, signal: AbortSignal): Promise<EnrollerChangePreview> {
  const query = supabase.rpc('preview_enroller_change', { p_client_id: clientId, p_new_enroller_id: newEnrollerId }).abortSignal(signal);
  return (await unwrap(query)) as unknown as EnrollerChangePreview;
}

export interface EnrollerCandidate {
  id: string;
  name: string;
  email: string;
  city: string | null;
  star_level: number;
}

export async function searchEnrollerCandidates(search: string, signal: AbortSignal): Promise<EnrollerCandidate[]> {
  const query = supabase.rpc('search_enroller_candidates', { p_search: search, p_limit: 8 }).abortSignal(signal);
  return (await unwrap(query)) as EnrollerCandidate[];
}

export interface ChangeEnrollerInput {
  clientId: string;
  newEnrollerId: string;
  reason: string;
}

export interface ChangeEnrollerResult {
  change_id: number;
  client_name: string;
  new_enroller_name: string;
  moved_members: number;
}

export async function changeEnroller(input: ChangeEnrollerInput): Promise<ChangeEnrollerResult> {
  const query = supabase.rpc('change_enroller', { p_client_id: input.clientId, p_new_enroller_id: input.newEnrollerId, p_reason: input.reason });
  return (await unwrap(query)) as unknown as ChangeEnrollerResult;
}
