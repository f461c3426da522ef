// `?mes=YYYY-MM` for screens about a month. Default: the open business month in the company's time
// zone (or the one given); a future month, or anything that is not a month, falls back to it.
// Read by hand rather than through a Zod schema (url-state.ts): one param does not need Zod, and
// Mi Cuenta's first load stays within the member budget without it.
import { useSearchParams } from 'react-router';
import { useAppSettings } from '@/lib/data/app-settings';
import { businessMonthOf, monthKey, monthStart, parseMonth, type MonthStart } from '@/lib/format/format';

export const MONTH_PARAM = 'mes';

/** The month `?mes=` holds: a month no later than `max`, else `fallback`. */
export function readMonthParam(value: string | null, max: string, fallback: string = max): string {
  return value !== null && parseMonth(value) !== null && monthKey(value) <= max ? monthKey(value) : fallback;
}

export interface MonthParamOptions {
  /** The open period when the database says so (a month not closed yet); default: the current one. */
  defaultMonth?: string | null;
  /** For tests: the instant that decides the current month. */
  now?: Date;
}

export function useMonthParam({ defaultMonth, now }: MonthParamOptions = {}) {
  const { timezone } = useAppSettings();
  const max = businessMonthOf(now ?? new Date(), timezone);
  const fallback: string = defaultMonth && parseMonth(defaultMonth) && monthKey(defaultMonth) <= max ? monthKey(defaultMonth) : max;
  const [params, setParams] = useSearchParams();
  const month = readMonthParam(params.get(MONTH_PARAM), max, fallback);
  const setMonth = (value: string) => {
    const key = monthKey(value);
    setParams((current) => {
      const next = new URLSearchParams(current);
      // The default month keeps a clean URL, as url-state.ts does for every default.
      if (key === fallback) next.delete(MONTH_PARAM);
      else next.set(MONTH_PARAM, key);
      return next;
    });
  };
  return { month, monthStart: monthStart(month) as MonthStart, setMonth, max, isDefault: month === fallback };
}
