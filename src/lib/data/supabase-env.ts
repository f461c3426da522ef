// Where the project is and its publishable key, for supabase-js (src/lib/data/supabase.ts) and for the
// few requests the public pages make without it (rest.ts, auth/stored-session.ts).
const url = import.meta.env.VITE_SUPABASE_URL;
// The project's publishable key (sb_publishable_…): safe in the browser, it acts as `anon`.
const publishableKey = import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY;

if (!url || !publishableKey) {
  // A build without them would fail later with a confusing network error.
  throw new Error('Faltan VITE_SUPABASE_URL y VITE_SUPABASE_PUBLISHABLE_KEY (ver .env.example).');
}

export const SUPABASE_URL: string = url;
export const SUPABASE_PUBLISHABLE_KEY: string = publishableKey;

/**
 * Where supabase-js keeps the session: its own default (`sb-<first label of the host>-auth-token`),
 * passed to it explicitly so that the app can tell a stored session from none without loading it.
 */
export const AUTH_STORAGE_KEY = `sb-${new URL(SUPABASE_URL).hostname.split('.')[0]}-auth-token`;
