// metadata/app_settings: read at start, merged over the defaults, created when absent.
// Reading the settings lives here, in src/lib, because the app renders only once they are loaded
// (SettingsGate) and the shared layers (formats, shells) read them; changing them is a business
// action of Configuración and lives in src/api/settings. They are public (anon may read them), so
// they are read without supabase-js (rest.ts): the public page needs them too.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/data/db';
import { loadSupabase } from '@/lib/data/load-supabase';
import { anonSelect } from '@/lib/data/rest';
import { DEFAULT_LOCALE } from '@/lib/format/locales';

export const SETTINGS_ROW_ID = 'app_settings';

export interface AppSettings {
  low_stock_threshold: number;
  company_name: string;
  contact_info: string;
  currency: string;
  timezone: string;
  /** How money, numbers and dates are written (es-CO, es-MX…: src/lib/format/locales.ts). */
  locale: string;
  min_payout: number;
  /** Personal points a member needs in a month to be active. */
  activity_points: number;
  /** The enrolment commission as a fraction of the kit's amount (0.2 = 20 %). */
  enrollment_commission_rate: number;
  /** Where members pay: bank account or wallet, one per line (shown at checkout and on receipts). */
  payment_details: string;
}

export const DEFAULT_SETTINGS: AppSettings = {
  low_stock_threshold: 20,
  company_name: 'Nombre de la empresa',
  contact_info: 'Teléfono: +57 300 000 0000\nCorreo: contacto@empresa.com',
  currency: 'USD',
  timezone: 'America/Bogota',
  locale: DEFAULT_LOCALE,
  min_payout: 20,
  activity_points: 100,
  enrollment_commission_rate: 0.2,
  payment_details: '',
};

/** Stored values win over the defaults; missing, null or mistyped ones fall back to them. */
export function mergeSettings(defaults: AppSettings, stored: Record<string, unknown> | null | undefined): AppSettings {
  const merged: AppSettings = { ...defaults };
  if (!stored) return merged;
  for (const key of Object.keys(defaults) as (keyof AppSettings)[]) {
    const value = stored[key];
    if (value === null || value === undefined) continue;
    if (typeof defaults[key] === 'number') {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
      if (Number.isFinite(n)) (merged[key] as number) = n;
    } else if (typeof value === 'string') {
      (merged[key] as string) = value;
    }
  }
  return merged;
}

export async function fetchAppSettings({ signal }: { signal?: AbortSignal } = {}): Promise<AppSettings> {
  // Anonymous visitors may read these columns only (not who saved the row last): the migration's grant.
  const columns = Object.keys(DEFAULT_SETTINGS).join(',');
  const [data] = await unwrap(anonSelect<Record<string, unknown>>('metadata', { select: columns, id: `eq.${SETTINGS_ROW_ID}` }, signal));
  if (data) return mergeSettings(DEFAULT_SETTINGS, data);

  // Creating them takes the signed-in superadmin's session, hence supabase-js.
  const supabase = await loadSupabase();
  const created = await supabase.from('metadata').insert({ id: SETTINGS_ROW_ID, ...DEFAULT_SETTINGS });
  // Only a superadmin may create it; for everyone else the defaults are enough.
  if (created.error) console.error('Error al crear la configuración por defecto:', created.error);
  return { ...DEFAULT_SETTINGS };
}

export const settingsQueries = {
  all: () => ['settings'] as const,
  app: () =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'app'] as const,
      queryFn: fetchAppSettings,
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

/** Settings are loaded before a shell or the public page renders (see SettingsGate), so this never waits. */
export function useAppSettings(): AppSettings {
  return useQuery(settingsQueries.app()).data ?? DEFAULT_SETTINGS;
}
