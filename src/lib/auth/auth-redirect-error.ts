/**
 * Supabase Auth sends a sign-in that failed back to the app as `?error=…&error_description=…` (and
 * again in the fragment), wherever it was to land. `error=access_denied` alone does not mean "this
 * Google e-mail is not registered": GoTrue also answers it when the person presses Cancel in
 * Google's account chooser (Google's own error, passed on), for a banned user and for an e-mail the
 * provider has not verified. Only the `before_user_created` hook's refusal means that, and GoTrue
 * passes the hook's message on, unchanged, as error_description: that sentence tells them apart.
 */
export type AuthRedirectError = 'not-registered' | 'sign-in-not-completed';

// The first sentence of public.before_user_created_hook's refusal (supabase/migrations; the unit
// test reads it from there). Compared without case or spacing: a redirect may re-encode either.
const HOOK_REFUSAL = 'este correo de google no está registrado';

const comparable = (text: string) => text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

function fromParams(params: URLSearchParams): AuthRedirectError | null {
  if (!params.get('error')) return null;
  return comparable(params.get('error_description') ?? '').includes(HOOK_REFUSAL) ? 'not-registered' : 'sign-in-not-completed';
}

/** What the OAuth error in this URL means, or null when there is none. */
export function authRedirectError(search: string, hash: string): AuthRedirectError | null {
  const fromQuery = fromParams(new URLSearchParams(search));
  const fromHash = fromParams(new URLSearchParams(hash.replace(/^#/, '')));
  if (fromQuery === 'not-registered' || fromHash === 'not-registered') return 'not-registered';
  return fromQuery ?? fromHash;
}

/** The router state that asks /login to say the Google sign-in did not complete. */
export const signInNotCompletedState = { authRedirectError: 'sign-in-not-completed' } as const;

export function isSignInNotCompleted(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { authRedirectError?: unknown }).authRedirectError === 'sign-in-not-completed';
}
