// supabase-js, for signed-in work. Only lazy chunks import this module (the shells, their pages,
// the login button, the session once one is stored): the public pages' first load does without its
// ≈ 52 kB gzip (bench/README.md, «First-load JavaScript per route»). Load it with loadSupabase().
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../database.types';
import { AUTH_STORAGE_KEY, SUPABASE_PUBLISHABLE_KEY, SUPABASE_URL } from './supabase-env';

// Typed by the schema itself (`npm run gen:types`), so a renamed column fails the type check.
export const supabase = createClient<Database>(SUPABASE_URL, SUPABASE_PUBLISHABLE_KEY, {
  auth: {
    flowType: 'pkce',
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    storageKey: AUTH_STORAGE_KEY,
  },
});
