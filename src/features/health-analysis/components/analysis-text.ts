// How an analysis reads, for the screen and the PDF alike: the answers as labelled lines in Spanish.
import type { HealthAnalysis, HealthQuestionnaire, HealthRecommendation } from '@/api/health/health-api';
import { m } from '../messages';

type Options = HealthQuestionnaire['options'];

const labelOf = (list: { key: string; label: string }[], key: string | null) => (key ? (list.find((o) => o.key === key)?.label ?? key) : m.notSaid);
const listOf = (list: { key: string; label: string }[], keys: string[]) => (keys.length ? keys.map((k) => labelOf(list, k)).join(', ') : m.noneMarked);
const yesNo = (v: boolean) => (v ? m.yes : m.no);

/** The answers as [question, answer] pairs, in the questionnaire's order. */
export function answerLines(analysis: HealthAnalysis, options: Options): [string, string][] {
  const a = analysis.answers;
  return [
    [m.goals, listOf(options.goal, a.goals)],
    [m.activity, labelOf(options.activity, a.activity)],
    [m.sleep, labelOf(options.sleep, a.sleep)],
    [m.water, labelOf(options.water, a.water)],
    [m.restrictions, listOf(options.restriction, a.restrictions)],
    [m.allergies, listOf(options.allergy, a.allergies)],
    [m.pregnancy, yesNo(a.pregnancy)],
    [m.breastfeeding, yesNo(a.breastfeeding)],
    [m.chronicIllness, yesNo(a.chronic_illness)],
    [m.medication, a.medication || m.noneMarked],
    ...(analysis.notes ? ([[m.notes, analysis.notes]] as [string, string][]) : []),
  ];
}

/** What shows first and what waits behind «y N más», each in its ranking order (products, then recipes). */
export function splitRecommendations(analysis: HealthAnalysis): { featured: HealthRecommendation[]; more: HealthRecommendation[] } {
  return {
    featured: analysis.recommendations.filter((r) => r.featured),
    more: analysis.recommendations.filter((r) => !r.featured),
  };
}

/** analisis-salud-<name>-<yyyy-mm-dd>.pdf, without accents or spaces. */
export function analysisFileName(memberName: string, isoDate: string): string {
  const slug = memberName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `analisis-salud-${slug || 'miembro'}-${isoDate}.pdf`;
}
