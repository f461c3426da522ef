import { describe, expect, it } from 'vitest';
import { createQueryClient, GC_TIME_MS, retryDelay } from './query-client';

describe('retryDelay', () => {
  it('doubles from one second', () => {
    expect([0, 1, 2, 3, 4].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it('never waits more than 30 s', () => {
    expect(retryDelay(5)).toBe(30000);
    expect(retryDelay(10)).toBe(30000);
  });
});

describe('query client defaults', () => {
  it('retries three times with that delay and keeps data for five minutes', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.retry).toBe(3);
    expect(defaults?.retryDelay).toBe(retryDelay);
    expect(defaults?.gcTime).toBe(5 * 60 * 1000);
    expect(GC_TIME_MS).toBe(300000);
  });
});
