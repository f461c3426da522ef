import { DEFAULT_SETTINGS, mergeSettings, SETTINGS_ROW_ID, type AppSettings } from '@/lib/data/app-settings';
import { unwrap } from '@/lib/data/db';
import { supabase } from '@/lib/data/supabase';

/** Merges the changed fields into metadata/app_settings (the database validates each one). */
export async function saveAppSettings(patch: Partial<AppSettings>): Promise<AppSettings> {
  const data = await unwrap(
    supabase
      .from('metadata')
      .upsert({ id: SETTINGS_ROW_ID, ...patch })
      .select()
      .single(),
  );
  return mergeSettings(DEFAULT_SETTINGS, data as Record<string, unknown>);
}

/** The company's last change of time zone as a job of the database (it moves the sales' days to the new zone). */
export interface TimezoneChange {
  id: number;
  timezone: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  /** `sales` (the days of sales and products, counted a chunk at a time) then `dashboard` (the months counted again). */
  step: 'sales' | 'dashboard' | null;
  step_no: number | null;
  steps: number | null;
  step_done: number | null;
  step_total: number | null;
  error: string | null;
  finished_at: string | null;
}

/** Superadmin: null when the time zone never changed. */
export async function fetchTimezoneChange(signal: AbortSignal): Promise<TimezoneChange | null> {
  return (await unwrap(supabase.rpc('get_timezone_change').abortSignal(signal))) as unknown as TimezoneChange | null;
}
