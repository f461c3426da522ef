import { describe, expect, it } from 'vitest';
import { links, monthEnd } from './dashboard-links';

describe('enlaces del Dashboard', () => {
  it('el último día del mes, también en febrero bisiesto', () => {
    expect(monthEnd('2026-11-01')).toBe('2026-11-30');
    expect(monthEnd('2028-02-01')).toBe('2028-02-29');
    expect(monthEnd('2026-12-01')).toBe('2026-12-31');
  });
  it('las ventas del mes con los filtros de Ventas', () => {
    expect(links.monthSales('2026-11-01')).toBe('/ventas?desde=2026-11-01&hasta=2026-11-30&estado=pagada,entregada');
    expect(links.restock('abc')).toBe('/proveedores?reponer=abc');
  });
});
