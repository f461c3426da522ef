import { describe, expect, it } from 'vitest';
import type { MemberMonth } from '@/api/members/members-api';
import { createFormatters } from '@/lib/format/format';
import { atRiskSentence, daysLeftText, nextLevelSentence } from './month-sentences';

const plain = (text: string | null) => text?.replace(/\u00a0/g, ' ') ?? null;
const fmt = createFormatters({ currency: 'USD', timezone: 'America/Bogota' });

const month = (fields: Partial<MemberMonth>): MemberMonth => ({
  client_id: 'c',
  month: '2026-11-01',
  month_closed: false,
  is_current: true,
  days_left: 8,
  month_end: '2026-11-30',
  personal_points: 60,
  activity_points: 100,
  is_active: false,
  points_missing: 40,
  pending_income: 38.5,
  at_risk_amount: 38.5,
  star_level: 3,
  star_name: 'Estrella 3',
  group_points: 6760,
  next_level: 4,
  next_level_name: 'Estrella 4',
  next_level_group_points: 8000,
  next_level_points_missing: 1240,
  currency: 'USD',
  ...fields,
});

describe('en riesgo: inactivo con ingresos pendientes este mes', () => {
  it('dice cuántos puntos faltan, hasta cuándo y cuánto perdería', () => {
    expect(plain(atRiskSentence(month({}), fmt))).toBe(
      'Te faltan 40 puntos: actívate antes del 30 de noviembre para no perder US$ 38,50 en comisiones pendientes.',
    );
  });

  it('el último día dice «hoy», y un punto va en singular', () => {
    expect(plain(atRiskSentence(month({ days_left: 1, points_missing: 1 }), fmt))).toBe(
      'Te falta 1 punto: actívate hoy para no perder US$ 38,50 en comisiones pendientes.',
    );
  });

  it('nada en riesgo: activo, sin nada que perder o un mes pasado', () => {
    expect(atRiskSentence(month({ is_active: true, points_missing: 0, at_risk_amount: 0 }), fmt)).toBeNull();
    expect(atRiskSentence(month({ at_risk_amount: 0 }), fmt)).toBeNull();
    expect(atRiskSentence(month({ is_current: false, days_left: 0, month_closed: true }), fmt)).toBeNull();
  });
});

describe('el nivel y lo que pide el siguiente', () => {
  it('los puntos de grupo que faltan para el siguiente nivel', () => {
    expect(nextLevelSentence(month({}), fmt)).toBe('Te faltan 1.240 puntos de grupo para ★4');
  });

  it('en el nivel más alto no promete nada', () => {
    expect(
      nextLevelSentence(month({ star_level: 5, next_level: null, next_level_name: null, next_level_group_points: null, next_level_points_missing: null }), fmt),
    ).toBe('Estás en ★5, el nivel más alto del plan.');
  });

  it('con los puntos de grupo ya sumados, el cierre decide', () => {
    expect(nextLevelSentence(month({ next_level_points_missing: 0 }), fmt)).toBe(
      'Ya sumas los puntos de grupo que pide ★4: el cierre del mes revisa tu nivel.',
    );
  });

  it('un mes pasado se cuenta como quedó', () => {
    expect(nextLevelSentence(month({ month: '2026-10-01', is_current: false, month_closed: true, days_left: 0 }), fmt)).toBe(
      'En octubre sumaste 6.760 puntos de grupo con ★3.',
    );
  });
});

describe('los días que quedan', () => {
  it('cuenta hoy, dice el último día y los meses pasados', () => {
    expect(daysLeftText(month({ days_left: 8 }))).toBe('Quedan 8 días del mes');
    expect(daysLeftText(month({ days_left: 1 }))).toBe('Hoy es el último día del mes');
    expect(daysLeftText(month({ is_current: false, month_closed: true, days_left: 0 }))).toBe('Mes cerrado');
  });
});
