import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const settings = { currency: 'EUR', timezone: 'Europe/Madrid' };
vi.mock('@/lib/data/app-settings', () => ({ useAppSettings: () => settings }));

const { useFormat } = await import('./use-format');

describe('useFormat', () => {
  it('formatea con la moneda y la zona horaria de la configuración', () => {
    const { result, rerender } = renderHook(() => useFormat());
    expect(result.current.money(1234.5)).toBe('1.234,50\u00a0€');
    // 23:30 UTC on 31 October is already 1 November in Madrid.
    expect(result.current.date('2026-10-31T23:30:00Z')).toBe('1 nov 2026');
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });
});
