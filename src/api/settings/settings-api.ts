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
