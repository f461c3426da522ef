// The closed list of benefits (public.benefits): key and Spanish name, shared by products, recipes and
// the Análisis de Salud's goals. Fixed by the migrations, so it is read once per session.
import { unwrap } from '@/lib/data/db';
import { supabase } from '@/lib/data/supabase';

export interface Benefit {
  key: string;
  label: string;
}

export async function fetchBenefits(signal: AbortSignal): Promise<Benefit[]> {
  return unwrap(supabase.from('benefits').select('key, label').order('sort_order').abortSignal(signal));
}
