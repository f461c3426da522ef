import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { PageSpinner } from '@/components/layouts/page-spinner';
import { Spinner } from '@/components/ui/spinner';
import { appMessages } from '@/config/messages';
import { paths, type Access } from '@/config/paths';
import { authRedirectError, signInNotCompletedState } from '@/lib/auth/auth-redirect-error';
import type { SessionUser } from '@/lib/auth/types';
import { useSession } from '@/lib/auth/use-session';
import { SessionError } from '@/components/layouts/session-error';
import { hasAccess, roleHome, type Principal } from '@/lib/auth/authorization';

const principalOf = (user: SessionUser | null): Principal | null => (user ? { role: user.role, finance: user.customClaims.finance } : null);

/**
 * Every route: a Google sign-in that failed comes back with error=…, wherever it lands. Only the
 * hook's refusal of an unregistered e-mail is /auth-error; anything else (Cancel in Google's
 * chooser, a banned account) goes back to /login, which says the sign-in did not complete.
 * Either way the error leaves the address.
 */
export function RootRoute() {
  const location = useLocation();
  const redirectError = authRedirectError(location.search, location.hash);
  if (redirectError === 'not-registered') return <Navigate to={paths.authError} replace />;
  if (redirectError) return <Navigate to={paths.login} replace state={signInNotCompletedState} />;
  return <Outlet />;
}

function NoUserRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(paths.login, { replace: true });
  }, [navigate]);
  return <Spinner label={appMessages.noUser} className="min-h-dvh" />;
}

/**
 * Signed-in people whose role may use `access`; others go to / (which sends them home),
 * nobody at all goes to /login.
 */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const { status, user } = useSession();
  if (status === 'loading') return <PageSpinner fullScreen />;
  if (status === 'error') return <SessionError />;
  if (!user) return <NoUserRedirect />;
  if (!hasAccess(principalOf(user), access)) return <Navigate to={paths.root} replace />;
  return children;
}

/** `/` and unknown paths: the role home. */
export function RoleHomeRedirect() {
  const { status, user } = useSession();
  if (status === 'loading') return <PageSpinner fullScreen />;
  if (status === 'error') return <SessionError />;
  return <Navigate to={roleHome(principalOf(user))} replace />;
}
