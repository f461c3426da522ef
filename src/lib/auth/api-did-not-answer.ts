// Loading the signed-in person can fail in two ways that must not be confused. The API answered with a
// refusal (a revoked session, a grant the person lacks): the specification signs the person out and
// clears the session. The API did not answer (offline, a 5xx, a timeout, the database unreachable): the
// session is still good, so the person sees «Reintentar» instead of being sent to «Iniciar Sesión».

/** supabase-js's name for a request that never got an answer (network, 5xx, 429). */
const RETRYABLE_AUTH = 'AuthRetryableFetchError';

/** Codes PostgREST and PostgreSQL give when the service, not the request, failed: PGRST000–003 (no
 *  connection to the database, schema cache not ready, pool timeout), 57014 (statement timeout), 53300
 *  (too many connections), 57P01/57P03 (the server shutting down or starting). */
const TRANSIENT_CODES = new Set(['PGRST000', 'PGRST001', 'PGRST002', 'PGRST003', '57014', '53300', '57P01', '57P03']);

/** True when the failure is the API not answering (worth a retry), false when it answered «no». */
export function apiDidNotAnswer(error: unknown): boolean {
  if (error instanceof TypeError) return true; // fetch() itself failed
  if (!error || typeof error !== 'object') return false;
  const { name, status, code } = error as { name?: unknown; status?: unknown; code?: unknown };
  if (name === RETRYABLE_AUTH) return true;
  if (name === 'AuthApiError') return typeof status === 'number' && (status >= 500 || status === 408 || status === 429);
  if (typeof name === 'string' && name.startsWith('Auth')) return false;
  // A PostgREST error without a code is a reply that was not PostgREST's (a gateway's 502/503/504, a
  // dropped connection); with one, it is PostgREST's or the database's own answer.
  if (code === undefined || code === null || code === '') return true;
  return typeof code === 'string' && TRANSIENT_CODES.has(code);
}
