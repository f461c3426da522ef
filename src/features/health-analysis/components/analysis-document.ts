// The analysis as a pdfmake document: who, when, the result with its reasons (or the red-flag warning),
// what was excluded and why, the answers, the consent, and always that it is not medical advice. Pure,
// so it is tested without pdfmake.
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { HealthAnalysis, HealthQuestionnaire } from '@/api/health/health-api';
import type { Formatters } from '@/lib/format/format';
import { m, NOT_MEDICAL_ADVICE } from '../messages';
import { answerLines } from './analysis-text';

export interface AnalysisDocumentInput {
  analysis: HealthAnalysis;
  options: HealthQuestionnaire['options'];
  member: { name: string; email: string | null };
  companyName: string;
  f: Formatters;
  now?: Date;
}

const MUTED = '#5b6660';
const GREEN = '#0f7a3d';
const AMBER = '#8a4b00';

export function buildAnalysisDocument({ analysis: a, options, member, companyName, f, now = new Date() }: AnalysisDocumentInput): TDocumentDefinitions {
  const kind = (k: 'product' | 'recipe') => (k === 'product' ? m.product : m.recipe);
  const result: Content[] = a.warning
    ? [
        { text: a.warning, bold: true, color: AMBER, margin: [0, 4, 0, 2] },
        { text: m.redFlagsMarked(a.red_flags.join(', ')), color: MUTED },
      ]
    : [
        { text: m.recommendations, style: 'h' },
        a.recommendations.length
          ? {
              ul: a.recommendations.map((r) => ({
                text: [{ text: `${r.name} `, bold: true }, { text: `(${kind(r.kind)}). `, color: MUTED }, r.reason],
                margin: [0, 0, 0, 3],
              })),
            }
          : { text: m.noMatches, color: MUTED },
        ...(a.exclusions.length
          ? [
              { text: m.exclusions, style: 'h' } as Content,
              {
                ul: a.exclusions.map((x) => ({
                  text: [{ text: `${x.name} `, bold: true }, { text: `(${kind(x.kind)}). `, color: MUTED }, x.reason],
                  margin: [0, 0, 0, 3],
                })),
              } as Content,
            ]
          : []),
      ];
  return {
    info: { title: `Análisis de Salud de ${member.name}`, author: companyName, subject: 'Análisis de Salud' },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 56],
    defaultStyle: { fontSize: 10, lineHeight: 1.2 },
    styles: {
      company: { fontSize: 16, bold: true, color: GREEN, margin: [0, 0, 0, 2] },
      title: { fontSize: 14, bold: true, margin: [0, 0, 0, 2] },
      h: { fontSize: 11, bold: true, margin: [0, 14, 0, 4] },
    },
    content: [
      { text: companyName, style: 'company' },
      { text: 'Análisis de Salud', style: 'title' },
      { text: [{ text: member.name, bold: true }, member.email ? ` · ${member.email}` : ''] },
      { text: m.resultTitle(f.dateTime(a.created_at)), color: MUTED, margin: [0, 0, 0, 6] },
      ...result,
      { text: NOT_MEDICAL_ADVICE, bold: true, margin: [0, 14, 0, 0] },
      { text: m.answers, style: 'h' },
      {
        table: { widths: [150, '*'], body: answerLines(a, options).map(([q, v]) => [{ text: q, color: MUTED }, v]) },
        layout: 'noBorders',
      },
      { text: m.consentGiven(a.consent_version, f.dateTime(a.consented_at)), style: 'h' },
      { text: a.consent_text, color: MUTED, fontSize: 9 },
    ],
    footer: (page: number, pages: number) => ({
      columns: [
        { text: `Generado el ${f.dateTime(now)}`, color: MUTED, fontSize: 8 },
        { text: `Página ${page} de ${pages}`, color: MUTED, fontSize: 8, alignment: 'right' },
      ],
      margin: [40, 16, 40, 0],
    }),
  };
}
