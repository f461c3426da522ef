// `?mes=YYYY-MM` for screens about a month. Default: the open business month in the company's time
// zone (or the one given); a future month, or anything that is not a month, falls back to it.
import { useCallback, useMemo } from 'react';
import { z } from 'zod/mini';
import { useAppSettings } from '@/lib/app-settings';
import { businessMonthOf, monthKey, monthStart, parseMonth, type MonthStart } from '@/lib/format';
import { useUrlState } from '@/lib/url-state';

export const MONTH_PARAM = 'mes';

/** The schema of `?mes=`: a month no later than `max`, else `fallback`. */
export function monthSearchSchema(max: string, fallback: string = max) {
  return z.object({
    [MONTH_PARAM]: z.catch(
      z.pipe(
        z.string().check(z.refine((value) => parseMonth(value) !== null && monthKey(value) <= max)),
        z.transform(monthKey),
      ),
      fallback,
    ),
  });
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
  const fallback = defaultMonth && parseMonth(defaultMonth) && monthKey(defaultMonth) <= max ? monthKey(defaultMonth) : max;
  const schema = useMemo(() => monthSearchSchema(max, fallback), [max, fallback]);
  const [state, setState] = useUrlState(schema);
  const month = String(state[MONTH_PARAM]);
  const setMonth = useCallback((value: string) => setState({ [MONTH_PARAM]: monthKey(value) }), [setState]);
  return { month, monthStart: monthStart(month) as MonthStart, setMonth, max, isDefault: month === fallback };
}
