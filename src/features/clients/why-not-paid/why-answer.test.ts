import { describe, expect, it } from 'vitest';
import type { WhyNotPaid } from '@/api/clients-why/why-api';
import { createFormatters } from '@/lib/format/format';
import { whyAnswer } from './why-answer';

const fmt = createFormatters({ currency: 'USD', timezone: 'America/Bogota' });
const base: WhyNotPaid = {
  client_id: 'x',
  client_name: 'Carlos',
  month: '2026-10-01',
  month_closed: true,
  is_current: false,
  closed_at: null,
  currency: 'USD',
  activity_points: 100,
  personal_points: 60,
  is_active: false,
  points_missing: 40,
  verdict: 'forfeited',
  earned: 25,
  forfeited: 25,
  reversed: 0,
  pending: 0,
  available: 0,
  entries: [],
  entries_more: false,
  point_lines: [],
  point_lines_more: false,
};

describe('la respuesta de «¿Por qué no cobró?»', () => {
  it('un mes anulado dice los puntos frente al umbral y lo anulado', () => {
    expect(whyAnswer(base, fmt)).toBe(
      `No cobró porque en octubre de 2026 tuvo 60 de 100 puntos: al cierre se anularon ${fmt.money(25)} en comisiones y bonos.`,
    );
  });
  it('el umbral es el del mes, no un número fijo', () => {
    expect(whyAnswer({ ...base, activity_points: 120 }, fmt)).toContain('60 de 120 puntos');
  });
  it('un mes abierto en riesgo dice lo que perdería', () => {
    const text = whyAnswer({ ...base, month_closed: false, is_current: true, verdict: 'at_risk', pending: 12.5, forfeited: 0 }, fmt);
    expect(text).toBe(
      `Aún no cobra: octubre de 2026 sigue abierto y lleva 60 de 100 puntos. Si no llega a 100 puntos antes del cierre, perderá ${fmt.money(12.5)} pendientes.`,
    );
  });
  it('cobró, con lo revertido por cancelaciones', () => {
    const text = whyAnswer({ ...base, verdict: 'paid', is_active: true, personal_points: 150, available: 30, reversed: 5, forfeited: 0 }, fmt);
    expect(text).toBe(
      `Cobró: de octubre de 2026 quedaron disponibles ${fmt.money(30)} (terminó activo con 150 de 100 puntos). Además se revirtieron ${fmt.money(5)} por ventas canceladas.`,
    );
  });
  it('sin comisiones, dice que no había nada que cobrar', () => {
    expect(whyAnswer({ ...base, verdict: 'no_income', forfeited: 0 }, fmt)).toBe(
      'En octubre de 2026 no tuvo comisiones ni bonos: no había nada que cobrar (terminó inactivo con 60 de 100 puntos).',
    );
  });
});
