import { unwrap } from '@/lib/data/db';
import { supabase } from '@/lib/data/supabase';

export interface StaffWorkCounts {
  pending_approvals: number;
  oldest_pending_at: string | null;
  pending_payouts: number;
  approved_payouts: number;
}

/** What is waiting for the staff (the navigation's counts), counted by the database's indexes. */
export async function fetchWorkCounts(signal: AbortSignal): Promise<StaffWorkCounts> {
  const query = supabase.rpc('get_staff_work_counts').abortSignal(signal).single();
  return (await unwrap(query)) as StaffWorkCounts;
}

/** Staff roles (users_roles_rol_valido minus «cliente»: members are managed in Clientes). */
export const STAFF_ROLES = ['admin', 'superadmin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleLabels: Record<StaffRole, string> = { admin: 'Admin', superadmin: 'Superadmin' };

/** activo: has a role now; pendiente: invited, not signed in yet; revocado: lost access (or the invitation was withdrawn). */
export const STAFF_STATES = ['activo', 'pendiente', 'revocado'] as const;
export type StaffState = (typeof STAFF_STATES)[number];

export interface StaffMember {
  /** The account (activo, or revocado after signing in); null for an invitation not used yet. */
  user_id: string | null;
  /** The invitation (pendiente, revocado); null for an active account. */
  invitation_id: string | null;
  email: string;
  role: StaffRole;
  finance: boolean;
  state: StaffState;
  invited_at: string | null;
  last_sign_in_at: string | null;
  is_me: boolean;
}

/** Superadmin: everybody with back-office access, the pending invitations and who lost access (a short list). */
export async function fetchStaffMembers(signal: AbortSignal): Promise<StaffMember[]> {
  return (await unwrap(supabase.rpc('get_staff_members').abortSignal(signal))) as StaffMember[];
}

export interface StaffInvite {
  email: string;
  role: StaffRole;
  finance: boolean;
}

/** `activo` when the address had an account before (access is back at once), `pendiente` otherwise. */
export async function inviteStaff({ email, role, finance }: StaffInvite): Promise<{ state: StaffState; email: string }> {
  const result = await unwrap(supabase.rpc('invite_staff', { p_email: email, p_role: role, p_finance: finance }));
  return result as { state: StaffState; email: string };
}

export async function setStaffRole({ userId, role, finance }: { userId: string; role: StaffRole; finance: boolean }): Promise<void> {
  await unwrap(supabase.rpc('set_staff_role', { p_user_id: userId, p_role: role, p_finance: finance }));
}

export async function revokeStaffAccess(userId: string): Promise<void> {
  await unwrap(supabase.rpc('revoke_staff_access', { p_user_id: userId }));
}

export async function revokeStaffInvitation(invitationId: string): Promise<void> {
  await unwrap(supabase.rpc('revoke_staff_invitation', { p_invitation_id: invitationId }));
}
