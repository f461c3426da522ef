import { useMemo } from 'react';
import { useAppSettings } from '@/lib/data/app-settings';
import { createFormatters, type Formatters } from '@/lib/format/format';

/** The formatters of src/lib/format/format.ts bound to the settings' currency, locale and time zone. */
export function useFormat(): Formatters {
  const { currency, timezone, locale } = useAppSettings();
  return useMemo(() => createFormatters({ currency, timezone, locale }), [currency, timezone, locale]);
}
