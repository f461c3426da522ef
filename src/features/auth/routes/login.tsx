import { lazy, Suspense, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '@/components/layouts/page-spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { isSignInNotCompleted } from '@/lib/auth/auth-redirect-error';
import { useSession } from '@/lib/auth/use-session';
import { SessionError } from '@/components/layouts/session-error';
import { roleHome } from '@/lib/auth/authorization';
import { loadSupabase } from '@/lib/data/load-supabase';
import { notify } from '@/lib/feedback/notify';
import { AuthShell } from '../components/auth-shell';
import { GoogleIcon } from '../components/google-icon';
import { authMessages } from '../messages';

// supabase-js and the enrolment's read come only for a signed-in person without a role: the login
// card's first load stays without them.
const WithoutRole = lazy(() => import('../components/without-role'));

export default function LoginPage() {
  const { status, user } = useSession();
  const [pending, setPending] = useState(false);
  // RootRoute sends a failed Google sign-in here: the person reads why next to the button they retry with.
  const notCompleted = isSignInNotCompleted(useLocation().state);

  if (status === 'loading') return <PageSpinner fullScreen />;
  if (status === 'error') return <SessionError />;
  if (user) {
    const home = roleHome({ role: user.role, finance: user.customClaims.finance });
    if (home !== paths.login) return <Navigate to={home} replace />;
    return (
      <AuthShell>
        <Suspense fallback={<PageSpinner />}>
          <WithoutRole email={user.email} />
        </Suspense>
      </AuthShell>
    );
  }

  const signIn = async () => {
    setPending(true);
    // supabase-js arrives with the click: the login card renders without it.
    const supabase = await loadSupabase().catch((error: unknown) => ({ error }) as const);
    if ('error' in supabase) {
      console.error(supabase.error);
      notify.error(authMessages.signInFailed);
      setPending(false);
      return;
    }
    const { error } = await supabase.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${window.location.origin}${paths.login}` },
    });
    if (error) {
      console.error(error);
      notify.error(authMessages.signInFailed);
      setPending(false);
    }
  };

  return (
    <AuthShell>
      <Card className="shadow-lg">
        <CardHeader className="text-center">
          <CardTitle className="text-xl">
            <h1>{authMessages.signInTitle}</h1>
          </CardTitle>
          <CardDescription>{authMessages.signInDescription}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {notCompleted && !pending && (
            <p role="alert" className="text-center text-sm font-medium text-destructive">
              {authMessages.signInNotCompleted}
            </p>
          )}
          <Button size="lg" variant="outline" className="w-full bg-card text-base" onClick={() => void signIn()} disabled={pending}>
            <GoogleIcon />
            {pending ? authMessages.signingIn : authMessages.signInWithGoogle}
          </Button>
          <p className="text-center text-xs text-muted-foreground">{authMessages.tagline}</p>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
