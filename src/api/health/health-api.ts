// Análisis de Salud (superadmin): the questionnaire and its consent, recording an analysis (computed and
// stored by record_health_analysis), a member's history and one analysis. Health answers are sensitive:
// every read is refused by the database to anyone but a superadmin; jsonb is parsed with zod here.
import { z } from 'zod/mini';
import { unwrap, unwrapPage, type Page } from '@/lib/data/db';
import { supabase } from '@/lib/data/supabase';

const option = z.object({ key: z.string(), label: z.string() });
const questionnaire = z.object({
  consent: z.object({ version: z.string(), text: z.string() }),
  options: z.object({
    goal: z.array(option),
    restriction: z.array(option),
    allergy: z.array(option),
    activity: z.array(option),
    sleep: z.array(option),
    water: z.array(option),
  }),
});
export type HealthQuestionnaire = z.infer<typeof questionnaire>;
export type HealthOption = z.infer<typeof option>;

export async function fetchQuestionnaire(signal: AbortSignal): Promise<HealthQuestionnaire> {
  return questionnaire.parse(await unwrap(supabase.rpc('get_health_questionnaire').abortSignal(signal)));
}

const answers = z.object({
  goals: z.array(z.string()),
  restrictions: z.array(z.string()),
  allergies: z.array(z.string()),
  activity: z.nullable(z.string()),
  sleep: z.nullable(z.string()),
  water: z.nullable(z.string()),
  pregnancy: z.boolean(),
  breastfeeding: z.boolean(),
  chronic_illness: z.boolean(),
  medication: z.string(),
});
export type HealthAnswers = z.infer<typeof answers>;

const recommendation = z.object({
  kind: z.enum(['product', 'recipe']),
  id: z.string(),
  name: z.string(),
  goals: z.array(z.string()),
  reason: z.string(),
});
export type HealthRecommendation = z.infer<typeof recommendation>;
const exclusion = z.object({ kind: z.enum(['product', 'recipe']), id: z.string(), name: z.string(), reason: z.string() });
export type HealthExclusion = z.infer<typeof exclusion>;

export interface HealthAnalysis {
  id: string;
  client_id: string;
  created_at: string;
  answers: HealthAnswers;
  recommendations: HealthRecommendation[];
  exclusions: HealthExclusion[];
  red_flags: string[];
  /** The sentence shown when there are red flags; null otherwise. */
  warning: string | null;
  notes: string | null;
  consent_version: string;
  consent_text: string;
  consented_at: string;
}

const COLUMNS = 'id, client_id, created_at, answers, recommendations, exclusions, red_flags, warning, notes, consent_version, consent_text, consented_at';

type StoredAnalysis = Omit<HealthAnalysis, 'answers' | 'recommendations' | 'exclusions'> & { answers: unknown; recommendations: unknown; exclusions: unknown };

function parseAnalysis(row: StoredAnalysis): HealthAnalysis {
  return {
    ...row,
    answers: answers.parse(row.answers),
    recommendations: z.array(recommendation).parse(row.recommendations),
    exclusions: z.array(exclusion).parse(row.exclusions),
  };
}

export async function fetchAnalysis(id: string, signal: AbortSignal): Promise<HealthAnalysis> {
  return parseAnalysis(await unwrap(supabase.from('health_analyses').select(COLUMNS).eq('id', id).abortSignal(signal).single()));
}

export interface RecordAnalysisInput {
  clientId: string;
  consent: boolean;
  consentVersion: string;
  answers: HealthAnswers;
  notes: string;
}

export async function recordAnalysis(input: RecordAnalysisInput): Promise<HealthAnalysis> {
  const row = await unwrap(
    supabase
      .rpc('record_health_analysis', {
        p_client_id: input.clientId,
        p_consent: input.consent,
        p_consent_version: input.consentVersion,
        p_answers: input.answers,
        p_notes: input.notes,
      })
      .single(),
  );
  return parseAnalysis(row);
}

export interface HealthHistoryRow {
  id: string;
  created_at: string;
  red_flags: string[];
  goals: string[];
  recommendation_count: number;
}

export interface HealthHistoryParams {
  clientId: string;
  page: number;
  pageSize: number;
}

/** A member's analyses, newest first, a page at a time (health_analyses_client_created_idx). */
export async function fetchHistory(p: HealthHistoryParams, signal: AbortSignal): Promise<Page<HealthHistoryRow>> {
  const from = (p.page - 1) * p.pageSize;
  const page = await unwrapPage(
    supabase
      .from('health_analyses')
      .select('id, created_at, red_flags, goals:answers->goals, recommendations', { count: 'exact' })
      .eq('client_id', p.clientId)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .range(from, from + p.pageSize - 1)
      .abortSignal(signal),
  );
  return {
    total: page.total,
    rows: page.rows.map((r) => ({
      id: r.id,
      created_at: r.created_at,
      red_flags: r.red_flags,
      goals: z.array(z.string()).parse(r.goals ?? []),
      recommendation_count: z.array(z.unknown()).parse(r.recommendations).length,
    })),
  };
}
