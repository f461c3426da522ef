import { z } from 'zod/mini';
import { parseSimulationJob, type SimulationJob } from '@/api/simulations/simulations-api';
import { unwrap } from '@/lib/data/db';
import { supabase } from '@/lib/data/supabase';

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

/** A done close preview (the job's result): how many rows it has and the month's totals. */
const previewResult = z.object({ month: z.string(), rows: z.int(), totals: previewTotals });
export type ClosePreviewResult = z.infer<typeof previewResult>;
export const parseClosePreviewResult = (result: unknown): ClosePreviewResult => previewResult.parse(result);

/** Superadmin: asks for what closing the month would do; the database's worker computes it (follow the job). */
export async function requestClosePreview(month: string): Promise<SimulationJob> {
  return parseSimulationJob(await unwrap(supabase.rpc('request_close_preview', { p_month: month })));
}

export interface ClosePreviewParams {
  jobId: number;
  page: number;
  pageSize: number;
}

/** One page of a computed preview: forfeits with their reason, volume bonuses, level changes. */
export async function fetchClosePreview({ jobId, page, pageSize }: ClosePreviewParams, signal: AbortSignal): Promise<ClosePreviewRow[]> {
  const rows = await unwrap(supabase.rpc('get_close_preview', { p_job_id: jobId, p_page: page, p_page_size: pageSize }).abortSignal(signal));
  return rows as ClosePreviewRow[];
}

/** Queues the month's close (pg_cron runs it within a minute); asking again answers the same job. */
export async function requestPeriodClose(month: string): Promise<{ id: number; status: CloseJobStatus }> {
  const job = await unwrap(supabase.rpc('request_period_close', { p_month: month }));
  return job as unknown as { id: number; status: CloseJobStatus };
}
