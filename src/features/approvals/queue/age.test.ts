import { describe, expect, it } from 'vitest';
import { waitedFor } from './age';

const now = new Date('2026-11-23T15:00:00Z');

describe('waitedFor', () => {
  it('dice cuánto lleva esperando, en palabras', () => {
    expect(waitedFor('2026-11-23T14:59:40Z', now)).toBe('hace un momento');
    expect(waitedFor('2026-11-23T14:35:00Z', now)).toBe('hace 25 minutos');
    expect(waitedFor('2026-11-23T12:00:00Z', now)).toBe('hace 3 horas');
    expect(waitedFor('2026-11-22T12:00:00Z', now)).toBe('ayer');
    expect(waitedFor('2026-11-04T15:00:00Z', now)).toBe('hace 19 días');
  });

  it('un reloj adelantado no da tiempos negativos', () => {
    expect(waitedFor('2026-11-23T15:05:00Z', now)).toBe('hace un momento');
  });
});
