import { unwrap } from '@/lib/data/db';
import { LEDGER_STATES, LEDGER_TYPES, oneOf, type LedgerState, type LedgerType } from '@/lib/data/domain';
import { supabase } from '@/lib/data/supabase';

export interface Balance {
  client_id: string;
  available: number;
  pending: number;
  settled: number;
  reserved: number;
  paid: number;
  currency: string;
  min_payout: number;
}

/** Staff say whose balance; a member reads their own (null). */
export async function fetchBalance(clientId: string | null, signal: AbortSignal): Promise<Balance> {
  const query = supabase
    .rpc('get_balance', { p_client_id: clientId ?? undefined })
    .abortSignal(signal)
    .single();
  return (await unwrap(query)) as Balance;
}

export interface LedgerEntry {
  id: number;
  created_at: string;
  period_month: string;
  period_closed: boolean;
  type: LedgerType;
  type_label: string;
  amount: number;
  points: number;
  generation: number | null;
  base: number | null;
  rate: number | null;
  star_level: number | null;
  /** The engine's own sentence of how it was computed. */
  explanation: string;
  reason: string | null;
  plan_version: number;
  source_sale_id: string | null;
  sale_no: number | null;
  source_client_name: string | null;
  reverses_id: number | null;
  reversed_by_id: number | null;
  reversed_by_explanation: string | null;
  reversed_by_reason: string | null;
  state: LedgerState;
}

export interface LedgerCursor {
  month: string;
  id: number;
}

export interface LedgerParams {
  clientId: string | null;
  /** `YYYY-MM-01` or null for every month. */
  month: string | null;
  types: LedgerType[] | null;
  pageSize: number;
}

export interface LedgerPage {
  entries: LedgerEntry[];
  /** Where the next page starts, or null when this was the last. */
  next: LedgerCursor | null;
}

type LedgerRow = Omit<LedgerEntry, 'type' | 'state'> & { type: string; state: string };

export async function fetchLedgerPage(p: LedgerParams, cursor: LedgerCursor | null, signal: AbortSignal): Promise<LedgerPage> {
  const query = supabase
    .rpc('get_ledger', {
      p_client_id: p.clientId ?? undefined,
      p_limit: p.pageSize,
      p_before_month: cursor?.month,
      p_before_id: cursor?.id,
      p_month: p.month ?? undefined,
      p_types: p.types ?? undefined,
    })
    .abortSignal(signal);
  const rows = (await unwrap(query)) as LedgerRow[];
  const entries = rows.map((r) => ({ ...r, type: oneOf(LEDGER_TYPES, r.type), state: oneOf(LEDGER_STATES, r.state) }));
  const last = entries.at(-1);
  return { entries, next: last && entries.length === p.pageSize ? { month: last.period_month, id: last.id } : null };
}

export interface LedgerMonth {
  month: string;
  closed: boolean;
  income: number;
  personal_points: number;
  forfeited: number;
  was_active: boolean | null;
  /** The activity threshold the month was judged by (the plan of its close; today's while open). */
  activity_points: number;
}

/**
 * The reason the month close writes on its forfeits (private.close_period): it tells an entry lost
 * for inactivity from one reversed because its sale was cancelled (whose reason is staff's own).
 */
export const FORFEIT_REASON = 'Beneficiario inactivo al cierre del mes';

export async function fetchLedgerMonths(clientId: string | null, signal: AbortSignal): Promise<LedgerMonth[]> {
  const query = supabase.rpc('get_ledger_months', { p_client_id: clientId ?? undefined }).abortSignal(signal);
  return (await unwrap(query)) as LedgerMonth[];
}
