import { z } from 'zod/mini';
import { unwrap } from '@/lib/data/db';
import { supabase } from '@/lib/data/supabase';

// The plan's what-if and the close preview read a whole month, which on a big month takes longer than
// an API request may last: the database queues them and a worker computes them
// (20250701101000_jobs_simulations.sql). The screen asks, then polls the job until it is done.

export const SIMULATION_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type SimulationStatus = (typeof SIMULATION_STATUSES)[number];

const jobSchema = z.object({
  id: z.number(),
  kind: z.enum(['plan_what_if', 'close_preview']),
  month: z.nullable(z.string()),
  status: z.enum(SIMULATION_STATUSES),
  requested_at: z.string(),
  started_at: z.nullable(z.string()),
  finished_at: z.nullable(z.string()),
  result: z.unknown(),
  error: z.nullable(z.string()),
  error_code: z.nullable(z.string()),
});
export type SimulationJob = z.infer<typeof jobSchema>;

export const parseSimulationJob = (value: unknown): SimulationJob => jobSchema.parse(value);

/** A simulation the person asked for: its state, and its result once done (or its sentence once failed). */
export async function fetchSimulationJob(id: number, signal: AbortSignal): Promise<SimulationJob> {
  return parseSimulationJob(await unwrap(supabase.rpc('get_simulation_job', { p_id: id }).abortSignal(signal)));
}

export const isWorking = (status: SimulationStatus | undefined) => status === 'queued' || status === 'running';
