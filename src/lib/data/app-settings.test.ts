import { describe, expect, it, vi } from 'vitest';

// The module creates the supabase client on import; merging needs none of it.
vi.mock('@/lib/data/supabase', () => ({ supabase: {} }));

const { DEFAULT_SETTINGS, mergeSettings } = await import('./app-settings');

describe('mergeSettings', () => {
  it('returns the defaults when nothing is stored', () => {
    expect(mergeSettings(DEFAULT_SETTINGS, null)).toEqual(DEFAULT_SETTINGS);
    expect(mergeSettings(DEFAULT_SETTINGS, undefined)).toEqual(DEFAULT_SETTINGS);
    expect(mergeSettings(DEFAULT_SETTINGS, {})).toEqual(DEFAULT_SETTINGS);
  });

  it('has the specification defaults', () => {
    expect(DEFAULT_SETTINGS.low_stock_threshold).toBe(20);
    expect(DEFAULT_SETTINGS.company_name).not.toBe('');
    expect(DEFAULT_SETTINGS.contact_info).toContain('\n');
  });

  it('lets stored values win over the defaults', () => {
    const merged = mergeSettings(DEFAULT_SETTINGS, { company_name: 'Savia S.A.S.', low_stock_threshold: 5, contact_info: 'Tel: 1\nCorreo: a@b.co' });
    expect(merged).toEqual({ ...DEFAULT_SETTINGS, company_name: 'Savia S.A.S.', low_stock_threshold: 5, contact_info: 'Tel: 1\nCorreo: a@b.co' });
  });

  it('keeps a stored zero and an empty string (they are values, not absence)', () => {
    const merged = mergeSettings(DEFAULT_SETTINGS, { low_stock_threshold: 0, company_name: '' });
    expect(merged.low_stock_threshold).toBe(0);
    expect(merged.company_name).toBe('');
  });

  it('falls back to the default for null, mistyped or unknown fields', () => {
    const merged = mergeSettings(DEFAULT_SETTINGS, { company_name: null, low_stock_threshold: 'muchos', min_payout: '25.5', extra: 'x', id: 'app_settings' });
    expect(merged.company_name).toBe(DEFAULT_SETTINGS.company_name);
    expect(merged.low_stock_threshold).toBe(20);
    expect(merged.min_payout).toBe(25.5); // numeric columns arrive as strings from PostgREST
    expect(merged).not.toHaveProperty('extra');
    expect(merged).not.toHaveProperty('id');
  });

  it('does not modify the defaults', () => {
    const before = { ...DEFAULT_SETTINGS };
    mergeSettings(DEFAULT_SETTINGS, { company_name: 'Otra' });
    expect(DEFAULT_SETTINGS).toEqual(before);
  });
});
