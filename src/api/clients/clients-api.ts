// Clientes (staff): search every member, one member's record, its contact data and its audit trail.
// Each read is a function that refuses anyone but staff (search_members, get_client_profile,
// get_client_audit); the rest of the record reuses the members, rewards, network, sales and payouts reads.
import { unwrap, type Page } from '@/lib/data/db';
import type { EmailCheck } from '@/lib/data/domain';
import { supabase } from '@/lib/data/supabase';

export const ENROLLMENT_STATUSES = ['registered', 'pending', 'rejected', 'cancelled'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];
export const enrollmentStatusLabels: Record<EnrollmentStatus, string> = {
  registered: 'Aprobado',
  pending: 'Pendiente',
  rejected: 'Rechazado',
  cancelled: 'Cancelado',
};

export const MEMBER_SORTS = ['nombre', 'ingreso', 'nivel', 'numero'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

export interface MemberRow {
  id: string;
  member_no: number;
  name: string;
  email: string;
  phone: string | null;
  document_number: string | null;
  city: string | null;
  slug: string | null;
  star_level: number;
  is_active: boolean;
  enrollment_status: EnrollmentStatus;
  joined_at: string | null;
  enroller_name: string | null;
}

export interface MemberSearchParams {
  query: string | null;
  active: boolean | null;
  starLevel: number | null;
  status: EnrollmentStatus | null;
  city: string | null;
  sort: MemberSort;
  desc: boolean;
  page: number;
  pageSize: number;
}

/** One page of members; past a thousand rows beyond the page the count stops (`capped`). */
export async function searchMembers(p: MemberSearchParams, signal: AbortSignal): Promise<Page<MemberRow>> {
  const query = supabase
    .rpc('search_members', {
      p_query: p.query ?? undefined,
      p_active: p.active ?? undefined,
      p_star_level: p.starLevel ?? undefined,
      p_status: p.status ?? undefined,
      p_city: p.city ?? undefined,
      p_sort: p.sort,
      p_desc: p.desc,
      p_page: p.page,
      p_page_size: p.pageSize,
    })
    .abortSignal(signal);
  const rows = (await unwrap(query)) as (MemberRow & { total: number; total_capped: boolean })[];
  const first = rows[0];
  return { rows: rows.map(({ total: _t, total_capped: _c, ...row }) => row), total: first?.total ?? 0, capped: first?.total_capped ?? false };
}

export interface UplineMember {
  id: string;
  name: string;
  member_no: number;
  depth: number;
}

export interface ClientProfile {
  id: string;
  member_no: number;
  name: string;
  email: string;
  phone: string | null;
  document_number: string | null;
  address: string | null;
  city: string | null;
  slug: string | null;
  star_level: number;
  star_name: string | null;
  is_active: boolean;
  enrollment_status: EnrollmentStatus;
  joined_at: string | null;
  created_at: string;
  has_login: boolean;
  /** An address staff changed, waiting for another staff member (confirm_client_email); null when none. */
  email_check: EmailCheck | null;
  /** 1 for the root of the network. */
  depth: number;
  direct_enrollees: number;
  /** From the root down to the enroller (the last one). */
  upline: UplineMember[];
}

export async function fetchClientProfile(id: string, signal: AbortSignal): Promise<ClientProfile> {
  return (await unwrap(supabase.rpc('get_client_profile', { p_client_id: id }).abortSignal(signal))) as unknown as ClientProfile;
}

export interface ClientContact {
  name: string;
  email: string;
  phone: string;
  document_number: string;
  address: string;
  city: string;
  slug: string;
}

/** Saves every contact field at once; the database validates each and names the field it refuses in `details`. */
export async function updateClientContact({ id, contact }: { id: string; contact: ClientContact }): Promise<ClientProfile> {
  const answer = supabase.rpc('update_client_contact', {
    p_client_id: id,
    p_name: contact.name,
    p_email: contact.email,
    p_phone: contact.phone || undefined,
    p_document_number: contact.document_number || undefined,
    p_address: contact.address || undefined,
    p_city: contact.city || undefined,
    p_slug: contact.slug || undefined,
  });
  return (await unwrap(answer)) as unknown as ClientProfile;
}

/** Another staff member vouches for the address: from now on a login can be linked to it. */
export async function confirmClientEmail(id: string): Promise<ClientProfile> {
  return (await unwrap(supabase.rpc('confirm_client_email', { p_client_id: id }))) as unknown as ClientProfile;
}

export interface AuditChange {
  antes: unknown;
  despues: unknown;
}

export interface AuditEntry {
  id: number;
  occurred_at: string;
  action: 'INSERT' | 'UPDATE' | 'DELETE';
  actor_name: string | null;
  actor_role: string | null;
  /** For a change: each field with its value before and after. */
  changes: Record<string, AuditChange> | null;
}

export interface ClientAuditParams {
  id: string;
  page: number;
  pageSize: number;
}

export async function fetchClientAudit(p: ClientAuditParams, signal: AbortSignal): Promise<Page<AuditEntry>> {
  const query = supabase.rpc('get_client_audit', { p_client_id: p.id, p_page: p.page, p_page_size: p.pageSize }).abortSignal(signal);
  const rows = (await unwrap(query)) as unknown as (AuditEntry & { total: number })[];
  return { rows: rows.map(({ total: _t, ...row }) => row), total: rows[0]?.total ?? 0 };
}

export interface StarLevelName {
  level: number;
  name: string;
}

/** The plan's star levels, for the level filter. */
export async function fetchStarLevels(signal: AbortSignal): Promise<StarLevelName[]> {
  return await unwrap(supabase.from('star_level_configs').select('level, name').order('level').abortSignal(signal));
}
