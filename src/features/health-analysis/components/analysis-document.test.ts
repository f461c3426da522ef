import { describe, expect, it } from 'vitest';
import type { HealthAnalysis, HealthQuestionnaire } from '@/api/health/health-api';
import { createFormatters } from '@/lib/format/format';
import { NOT_MEDICAL_ADVICE } from '../messages';
import { buildAnalysisDocument } from './analysis-document';
import { analysisFileName, answerLines } from './analysis-text';

const f = createFormatters({ currency: 'COP', timezone: 'America/Bogota' });
const options: HealthQuestionnaire['options'] = {
  goal: [
    { key: 'descanso', label: 'descanso' },
    { key: 'energia', label: 'energía' },
  ],
  restriction: [{ key: 'sin_cafeina', label: 'sin cafeína' }],
  allergy: [{ key: 'abejas', label: 'miel, propóleo o polen' }],
  activity: [{ key: 'poca', label: 'Poca: casi nada de ejercicio' }],
  sleep: [{ key: 'menos_6', label: 'Menos de 6 horas' }],
  water: [],
};

const analysis: HealthAnalysis = {
  id: 'h1',
  client_id: 'c1',
  created_at: '2026-11-23T15:26:00Z',
  answers: {
    goals: ['energia', 'descanso'],
    restrictions: ['sin_cafeina'],
    allergies: [],
    activity: 'poca',
    sleep: null,
    water: null,
    pregnancy: false,
    breastfeeding: false,
    chronic_illness: false,
    medication: '',
  },
  recommendations: [
    { kind: 'product', id: 'p1', name: 'Té de tila', goals: ['descanso'], reason: 'Porque marcaste descanso y este producto tiene el beneficio sueño.' },
  ],
  exclusions: [{ kind: 'product', id: 'p2', name: 'Café verde', reason: 'Contiene cafeína y marcaste «sin cafeína».' }],
  red_flags: [],
  warning: null,
  notes: null,
  consent_version: '2026-11',
  consent_text: 'La persona autoriza que Savia use estas respuestas de salud solo para sugerirle productos y recetas del catálogo.',
  consented_at: '2026-11-23T15:26:00Z',
};

const text = (doc: unknown) => JSON.stringify(doc);

describe('el PDF del análisis', () => {
  it('lleva las recomendaciones con su porqué, lo excluido con el suyo, el consentimiento y que no es consejo médico', () => {
    const doc = text(buildAnalysisDocument({ analysis, options, member: { name: 'Ana Gómez', email: 'ana@correo.test' }, companyName: 'Savia', f }));
    expect(doc).toContain('Porque marcaste descanso y este producto tiene el beneficio sueño.');
    expect(doc).toContain('Contiene cafeína y marcaste «sin cafeína».');
    expect(doc).toContain(NOT_MEDICAL_ADVICE);
    expect(doc).toContain('Consentimiento (versión 2026-11)');
  });

  it('con señales de alerta solo el aviso, sin recomendaciones', () => {
    const flagged = {
      ...analysis,
      recommendations: [],
      exclusions: [],
      red_flags: ['embarazo', 'medicación'],
      warning: 'Consulta a un profesional de la salud antes de tomar suplementos.',
    };
    const doc = text(buildAnalysisDocument({ analysis: flagged, options, member: { name: 'Ana', email: null }, companyName: 'Savia', f }));
    expect(doc).toContain('Consulta a un profesional de la salud antes de tomar suplementos.');
    expect(doc).toContain('Respondió: embarazo, medicación.');
    expect(doc).not.toContain('Recomendaciones');
    expect(doc).toContain(NOT_MEDICAL_ADVICE);
  });

  it('las respuestas se leen con las palabras del cuestionario y el archivo se nombra sin tildes', () => {
    const lines = Object.fromEntries(answerLines(analysis, options));
    expect(lines['¿Qué le gustaría mejorar?']).toBe('energía, descanso');
    expect(lines['Actividad física']).toBe('Poca: casi nada de ejercicio');
    expect(lines['Horas de sueño']).toBe('Prefiere no decirlo');
    expect(lines['Restricciones de alimentación']).toBe('sin cafeína');
    expect(lines['Alergias']).toBe('Ninguna');
    expect(analysisFileName('Ana María Gómez', '2026-11-23')).toBe('analisis-salud-ana-maria-gomez-2026-11-23.pdf');
  });
});
