import { MutationCache, QueryClient, type DefaultOptions, type QueryKey } from '@tanstack/react-query';
import { isRetryable, userMessage, type DbError } from './db';
import { notify } from '../feedback/notify';

export const QUERY_RETRIES = 3;
export const MAX_RETRY_DELAY_MS = 30_000;
export const GC_TIME_MS = 5 * 60 * 1000;

/** What a mutation says when it ends, read by the MutationCache so no screen repeats it. */
export interface SaviaMutationMeta extends Record<string, unknown> {
  /** Success toast (2 s). */
  success?: string;
  /** Title of the error toast; its text is the database's sentence. Omit to show only the sentence. */
  error?: string;
  /** The screen shows the refusal itself (inline beside a field, inside a dialog): no toast. */
  quietError?: boolean;
  /** Queries the mutation changed: invalidated when it settles, success or not (a refusal such as
   *  invalid_transition means the cached row is stale too). */
  invalidates?: readonly QueryKey[];
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: SaviaMutationMeta;
    defaultError: DbError;
  }
}

/** Delay before retry number `attemptIndex` (0-based): min(1000·2^n, 30000) ms. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, MAX_RETRY_DELAY_MS);
}

/** The specification's three retries are for failed fetches; a refusal is final at once. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < QUERY_RETRIES && isRetryable(error);
}

export const queryConfig = {
  queries: {
    retry: shouldRetry,
    retryDelay,
    gcTime: GC_TIME_MS,
    refetchOnWindowFocus: false,
  },
  mutations: { retry: false },
} satisfies DefaultOptions;

export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    defaultOptions: queryConfig,
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _context, mutation) => {
        if (mutation.meta?.success) notify.success(mutation.meta.success);
      },
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.quietError) return;
        const title = mutation.meta?.error;
        if (title) notify.error(title, { description: userMessage(error) });
        else notify.error(userMessage(error));
      },
      onSettled: (_data, _error, _variables, _context, mutation) => {
        const keys = mutation.meta?.invalidates ?? [];
        return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
      },
    }),
  });
  return client;
}
