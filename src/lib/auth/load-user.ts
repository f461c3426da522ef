import type { Session, SupabaseClient, User } from '@supabase/supabase-js';
import { toRole } from '@/lib/auth/authorization';
import type { Database } from '@/lib/database.types';
import { decodeClaims, sessionIdOf } from './claims';
import type { ClientProfile, SessionUser } from './types';

function fullNameOf(user: User): string | null {
  const meta = user.user_metadata as Record<string, unknown> | undefined;
  const name = meta?.full_name ?? meta?.name;
  return typeof name === 'string' && name.trim() ? name.trim() : null;
}

/**
 * The session with a token minted now, so that its claims are today's. Every tab of the browser
 * shares one stored session and refreshes it when it loads: when another tab's refresh is stored
 * while ours is on its way, supabase-js discards our answer (AuthRefreshDiscardedError, by name to
 * keep supabase-js out of the first load) and the stored session, just minted by that tab, is as
 * fresh. Treating the discard as a failure signed every tab out (tests/e2e/tabs.spec.ts).
 */
async function refreshedSession(client: SupabaseClient<Database>, userId: string): Promise<Session | null> {
  const refreshed = await client.auth.refreshSession();
  if (!refreshed.error) return refreshed.data.session;
  if (refreshed.error.name !== 'AuthRefreshDiscardedError') throw refreshed.error;
  const stored = await client.auth.getSession();
  if (stored.error) throw stored.error;
  // Storage emptied (a sign-out) or holding someone else (a sign-in elsewhere): not this person's.
  if (stored.data.session?.user.id !== userId) throw refreshed.error;
  return stored.data.session;
}

/**
 * Builds the session user: fresh token claims (after a refresh), the `users_roles` entry
 * (none means sin_rol) and, for members, their client profile. Any failure throws.
 */
export async function loadSessionUser(client: SupabaseClient<Database>, authUser: User): Promise<SessionUser> {
  const session = await refreshedSession(client, authUser.id);
  const customClaims = decodeClaims(session?.access_token);

  const roleQuery = await client.from('users_roles').select('role').eq('user_id', authUser.id).maybeSingle();
  if (roleQuery.error) throw roleQuery.error;
  const role = toRole(roleQuery.data?.role);

  let clientProfile: ClientProfile | null = null;
  if (role === 'cliente') {
    const profileQuery = await client.from('clients').select('*').eq('auth_uid', authUser.id).limit(1);
    if (profileQuery.error) throw profileQuery.error;
    clientProfile = profileQuery.data[0] ?? null;
  }

  return {
    uid: authUser.id,
    email: authUser.email ?? '',
    fullName: fullNameOf(authUser),
    role,
    customClaims,
    sessionId: sessionIdOf(session?.access_token),
    clientProfile,
  };
}

/**
 * What the header shows: the first name, else the sign-in address. A member's name as enrolled
 * wins over the Google profile's; staff only have the latter.
 */
export function displayName(user: Pick<SessionUser, 'fullName' | 'email'> & { clientProfile: Pick<ClientProfile, 'name'> | null }): string {
  const name = user.clientProfile?.name?.trim() || user.fullName;
  const first = name?.trim().split(/\s+/)[0];
  return first || user.email;
}
