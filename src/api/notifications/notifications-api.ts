import { unwrap } from '@/lib/data/db';
import { supabase } from '@/lib/data/supabase';

/** What a notification is about; also the unit of the e-mail opt-out (private.notification_kinds()). */
export const NOTIFICATION_KINDS = [
  'order',
  'earning',
  'payout',
  'enrolment',
  'lead',
  'activity',
  'approvals_digest',
  'low_stock',
  'period_close',
  'payout_account',
  'email_failed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** One notification, its words made by the database (the same as the e-mail's). */
export interface AppNotification {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string | null;
  /** The screen it is about (an app path). */
  link: string;
  created_at: string;
  read_at: string | null;
}

export const NOTIFICATIONS_PAGE = 20;

/** The caller's notifications, newest first; the next page starts after `beforeId`. */
export async function fetchNotifications(beforeId: number | null, signal: AbortSignal): Promise<AppNotification[]> {
  const query = supabase.rpc('get_my_notifications', { p_before_id: beforeId ?? undefined, p_limit: NOTIFICATIONS_PAGE }).abortSignal(signal);
  return (await unwrap(query)) as AppNotification[];
}

export async function fetchUnreadCount(signal: AbortSignal): Promise<number> {
  return await unwrap(supabase.rpc('count_my_unread_notifications').abortSignal(signal));
}

/** Marks the given notifications read, or all of the caller's when none is given; answers how many. */
export async function markNotificationsRead(ids?: number[]): Promise<number> {
  return await unwrap(supabase.rpc('mark_notifications_read', ids ? { p_ids: ids } : {}));
}

export interface EmailPreference {
  kind: Exclude<NotificationKind, 'email_failed'>;
  label: string;
  email: boolean;
}

export async function fetchEmailPreferences(signal: AbortSignal): Promise<EmailPreference[]> {
  return (await unwrap(supabase.rpc('get_my_email_preferences').abortSignal(signal))) as EmailPreference[];
}

/** E-mail on (no opt-out row) or off (the caller's row for that kind); RLS keeps each to their own. */
export async function setEmailPreference({ kind, email }: { kind: EmailPreference['kind']; email: boolean }): Promise<void> {
  if (email) await unwrap(supabase.from('notification_email_opt_outs').delete().eq('kind', kind));
  else await unwrap(supabase.from('notification_email_opt_outs').upsert({ kind }, { onConflict: 'user_id,kind', ignoreDuplicates: true }));
}

/** An e-mail that did not go out: failed after its last try, or unconfirmed after a crash (maybe sent). */
export interface EmailTrouble {
  id: number;
  kind: NotificationKind;
  recipient: string;
  title: string;
  status: 'failed' | 'unconfirmed';
  attempts: number;
  error: string | null;
  created_at: string;
}

/** Staff: the newest e-mails in trouble (get_notification_email_trouble), a short list. */
export async function fetchEmailTrouble(signal: AbortSignal): Promise<EmailTrouble[]> {
  return (await unwrap(supabase.rpc('get_notification_email_trouble', { p_limit: 20 }).abortSignal(signal))) as EmailTrouble[];
}
