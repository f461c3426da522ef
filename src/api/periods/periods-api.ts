import { z } from 'zod/mini';
import { unwrap, type Page } from '@/lib/db';
import { supabase } from '@/lib/supabase';

/** What a close did (periods.summary): the counts always; the amounts only with the finance claim. */
const closeSummary = z.object({
  members: z.optional(z.int()),
  active: z.optional(z.int()),
  forfeits: z.optional(z.int()),
  forfeited_amount: z.optional(z.coerce.number()),
  volume_bonuses: z.optional(z.int()),
  volume_bonus_amount: z.optional(z.coerce.number()),
  level_ups: z.optional(z.int()),
  income_available: z.optional(z.coerce.number()),
  plan_version: z.optional(z.int()),
});
export type CloseSummary = z.infer<typeof closeSummary>;

export const CLOSE_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type CloseJobStatus = (typeof CLOSE_JOB_STATUSES)[number];

export interface CloseMonth {
  /** The business month, YYYY-MM-01. */
  month: string;
  status: 'open' | 'closed';
  /** The month is over in the company's time zone: it may be closed. */
  ended: boolean;
  closed_at: string | null;
  closed_by_email: string | null;
  summary: CloseSummary | null;
  job_id: number | null;
  job_status: CloseJobStatus | null;
  job_error: string | null;
  job_requested_at: string | null;
  job_finished_at: string | null;
}

/** Superadmin: the months (with a period, plus the month in course), newest first, with their latest close job. */
export async function fetchCloseMonths(signal: AbortSignal): Promise<CloseMonth[]> {
  const rows = await unwrap(supabase.rpc('get_close_months').abortSignal(signal));
  return rows.map((r) => ({
    ...r,
    status: r.status as CloseMonth['status'],
    job_status: r.job_status as CloseJobStatus | null,
    summary: r.summary == null ? null : closeSummary.parse(r.summary),
  })) as CloseMonth[];
}

export const CLOSE_ACTIONS = ['forfeit', 'bonus_volume', 'level_up'] as const;
export type CloseAction = (typeof CLOSE_ACTIONS)[number];

export interface ClosePreviewRow {
  action: CloseAction;
  client_id: string;
  client_name: string;
  ledger_id: number | null;
  /** Negative for a forfeit; null for a level change. */
  amount: number | null;
  level_from: number;
  level_to: number;
  detail: string;
}

const previewTotals = z.object({
  forfeits: z.int(),
  forfeited_amount: z.coerce.number(),
  volume_bonuses: z.int(),
  volume_bonus_amount: z.coerce.number(),
  level_ups: z.int(),
});
export type ClosePreviewTotals = z.infer<typeof previewTotals>;

export const NOTHING_TO_DO: ClosePreviewTotals = {
  forfeits: 0,
  forfeited_amount: 0,
  volume_bonuses: 0,
  volume_bonus_amount: 0,
  level_ups: 0,
};

export interface ClosePreviewParams {
  month: string;
  page: number;
  pageSize: number;
}

/** One page of what closing the month would do, and the month's totals (the figures the close will write). */
export async function fetchClosePreview(
  { month, page, pageSize }: ClosePreviewParams,
  signal: AbortSignal,
): Promise<Page<ClosePreviewRow> & { totals: ClosePreviewTotals }> {
  const rows = await unwrap(
    supabase
      .rpc('get_close_preview', {
        p_month: month,
        p_page: page,
        p_page_size: pageSize,
      })
      .abortSignal(signal),
  );
  const first = rows[0];
  return {
    rows: rows.map(({ total: _total, totals: _totals, ...r }) => r) as ClosePreviewRow[],
    total: first ? Number(first.total) : 0,
    totals: first ? previewTotals.parse(first.totals) : NOTHING_TO_DO,
  };
}

/** Queues the month's close (pg_cron runs it within a minute); asking again answers the same job. */
export async function requestPeriodClose(month: string): Promise<{ id: number; status: CloseJobStatus }> {
  const job = await unwrap(supabase.rpc('request_period_close', { p_month: month }));
  return job as unknown as { id: number; status: CloseJobStatus };
}
