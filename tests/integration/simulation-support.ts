// Following a simulation (20250701101000_jobs_simulations.sql) as the screen does: ask the job runner to look
// at the queue now rather than at pg_cron's next minute (if one of pg_cron's runners takes it first, that
// one answers, within half a second), then poll the job through the API until it is done or failed.
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import { sql } from './support';

export interface SimulationJob {
  id: number;
  kind: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  result: unknown;
  error: string | null;
  error_code: string | null;
  step: string | null;
  step_no: number | null;
  steps: number | null;
}

export async function waitForSimulation(client: SupabaseClient, id: number, timeoutMs = 30_000): Promise<SimulationJob> {
  await sql('call private.run_jobs(0)');
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { data, error } = await client.rpc('get_simulation_job', { p_id: id });
    expect(error).toBeNull();
    const job = data as SimulationJob;
    if (job.status === 'done' || job.status === 'failed') return job;
    if (Date.now() > until) throw new Error(`La simulación ${id} sigue ${job.status} después de ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
