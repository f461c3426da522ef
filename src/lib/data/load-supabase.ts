import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../database.types';

/** supabase-js on demand, for code the public pages' first load carries (see supabase.ts). */
export const loadSupabase = (): Promise<SupabaseClient<Database>> => import('./supabase').then((m) => m.supabase);
