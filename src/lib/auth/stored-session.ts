// Whether supabase-js is needed to know who is here: without a stored session and outside the OAuth
// callback, nobody is signed in, and the public pages render without loading it.
import { AUTH_STORAGE_KEY } from '@/lib/data/supabase-env';

/** A session supabase-js stored (maybe expired: it decides once loaded). */
export function hasStoredSession(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(AUTH_STORAGE_KEY) != null;
  } catch {
    // Storage blocked: supabase-js could not have stored one either.
    return false;
  }
}

/** Google sends the browser back with `?code=…` (PKCE), which supabase-js exchanges for a session. */
export function isAuthCallback(search: string): boolean {
  return new URLSearchParams(search).has('code');
}

export function needsAuthClient(location: Pick<Location, 'search'> = window.location): boolean {
  return hasStoredSession() || isAuthCallback(location.search);
}
