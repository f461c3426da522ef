// Mis Recompensas' URL: `?mes=2026-10` (a month of the ledger, or every month), `?tipo=…` (one
// ledger type) and `?retiros=2` (the page of payout requests). Anything else falls back to the default.
import * as z from 'zod/mini';
import { LEDGER_TYPES } from '@/lib/domain';
import { monthKey, parseMonth } from '@/lib/format';
import { enumParam, pageParam } from '@/lib/url-params';

export const rewardsSearch = z.object({
  mes: z.catch(z.optional(z.pipe(z.string().check(z.refine((value) => parseMonth(value) !== null)), z.transform(monthKey))), undefined),
  tipo: enumParam(LEDGER_TYPES),
  retiros: pageParam(),
});

export type RewardsSearch = z.output<typeof rewardsSearch>;
