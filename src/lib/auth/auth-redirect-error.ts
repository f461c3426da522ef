/**
 * Supabase Auth sends a refused sign-in (the `before_user_created` hook said no) back to the app
 * as `?error=access_denied&error_description=…` (or in the fragment). Wherever it lands, it means
 * "this Google e-mail is not registered".
 */
export function hasAuthRedirectError(search: string, hash: string): boolean {
  const fromQuery = new URLSearchParams(search).get('error');
  const fromHash = new URLSearchParams(hash.replace(/^#/, '')).get('error');
  return fromQuery === 'access_denied' || fromHash === 'access_denied';
}
