import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

export const QUERY_RETRIES = 3;
export const MAX_RETRY_DELAY_MS = 30_000;
export const GC_TIME_MS = 5 * 60 * 1000;

/** Delay before retry number `attemptIndex` (0-based): min(1000·2^n, 30000) ms. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, MAX_RETRY_DELAY_MS);
}

export const queryConfig = {
  queries: {
    retry: QUERY_RETRIES,
    retryDelay,
    gcTime: GC_TIME_MS,
    refetchOnWindowFocus: false,
  },
} satisfies DefaultOptions;

export function createQueryClient() {
  return new QueryClient({ defaultOptions: queryConfig });
}
