import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const settings = { currency: 'EUR', timezone: 'Europe/Madrid', locale: 'es-ES' };
vi.mock('@/lib/data/app-settings', () => ({ useAppSettings: () => settings }));

const { useFormat } = await import('./use-format');

describe('useFormat', () => {
  it('formatea con la moneda, el formato regional y la zona horaria de la configuración', () => {
    const { result, rerender } = renderHook(() => useFormat());
    expect(result.current.money(1234.5)).toBe('1.234,50\u00a0€');
    // 23:30 UTC on 31 October is already 1 November in Madrid.
    expect(result.current.date('2026-10-31T23:30:00Z')).toBe('1 nov 2026');
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
    // Another locale is another set of formatters.
    settings.locale = 'es-CO';
    rerender();
    expect(result.current.money(1234.5)).toBe('EUR\u00a01.234,50');
    expect(result.current.date('2026-10-31T23:30:00Z')).toBe('1 de nov de 2026');
  });
});
