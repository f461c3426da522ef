import { z } from 'zod';
import { parseSimulationJob, type SimulationJob } from '@/api/simulations/simulations-api';
import { unwrap } from '@/lib/data/db';
import type { Json } from '@/lib/database.types';
import { supabase } from '@/lib/data/supabase';

/** One star level as the plan editor sends it: rates are fractions (0.1 = 10 %), level = position. */
export interface PlanLevelDraft {
  name: string;
  personal_points: number;
  group_points: number;
  commission_rates: number[];
  volume_bonus_rate: number;
  starter_bonus: number;
}

export interface PlanLevel extends PlanLevelDraft {
  level: number;
}

const num = z.coerce.number();

/** The star levels in force (public.star_level_configs), level 1 first. */
export async function fetchPlanLevels(signal: AbortSignal): Promise<PlanLevel[]> {
  const rows = await unwrap(
    supabase
      .from('star_level_configs')
      .select('level, name, personal_points, group_points, commission_rates, volume_bonus_rate, starter_bonus')
      .order('level')
      .abortSignal(signal),
  );
  return rows.map((r) => ({
    level: r.level,
    name: r.name,
    personal_points: r.personal_points,
    group_points: r.group_points,
    commission_rates: r.commission_rates.map(Number),
    volume_bonus_rate: Number(r.volume_bonus_rate),
    starter_bonus: Number(r.starter_bonus),
  }));
}

const versionSchema = z.object({
  version: z.number(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  created_by_email: z.string().nullable(),
  is_current: z.boolean(),
});
export type PlanVersion = z.infer<typeof versionSchema>;

/** Superadmin: the plan's versions, newest first, with who made each and when. */
export async function fetchPlanVersions(signal: AbortSignal): Promise<PlanVersion[]> {
  const rows = await unwrap(supabase.rpc('get_plan_versions').abortSignal(signal));
  return z.array(versionSchema).parse(rows.map(({ plan: _plan, ...rest }) => rest));
}

const whatIfSchema = z.object({
  month: z.string().nullable(),
  plan_version: z.number(),
  before: num.optional(),
  after: num.optional(),
  difference: num.optional(),
  /** The month's sales (paid or delivered): what the payout is a share of. */
  sales: num.optional(),
  by_kind: z.array(z.object({ kind: z.string(), generation: z.number().nullable(), before: num, after: num, difference: num })).optional(),
  members: z
    .array(
      z.object({
        client_id: z.string(),
        name: z.string(),
        member_no: z.number(),
        star_level: z.number(),
        before: num,
        after: num,
        difference: num,
      }),
    )
    .optional(),
});
export type PlanWhatIf = z.infer<typeof whatIfSchema>;

/** A done what-if's figures (the job's result). */
export const parseWhatIf = (result: unknown): PlanWhatIf => whatIfSchema.parse(result);

/**
 * Superadmin: asks for the last closed month replayed under the draft (validated at once, as a save
 * would be), computed by the database's worker and written nowhere; follow the job it returns.
 */
export async function requestPlanWhatIf(levels: PlanLevelDraft[]): Promise<SimulationJob> {
  return parseSimulationJob(await unwrap(supabase.rpc('request_plan_what_if', { p_levels: levels as unknown as Json })));
}

const savedSchema = z.object({ version: z.number(), changed: z.boolean() });
export type PlanSaved = z.infer<typeof savedSchema>;

/** Superadmin: replaces the star levels as a whole; a new plan version from now on. */
export async function savePlan(levels: PlanLevelDraft[]): Promise<PlanSaved> {
  return savedSchema.parse(await unwrap(supabase.rpc('save_plan', { p_levels: levels as unknown as Json })));
}
