import { useState } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/layouts/page-spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/use-session';
import { roleHome } from '@/lib/auth/authorization';
import { loadSupabase } from '@/lib/data/load-supabase';
import { notify } from '@/lib/feedback/notify';
import { AuthShell } from '../components/auth-shell';
import { GoogleIcon } from '../components/google-icon';
import { NoAccess } from '../components/no-access';
import { authMessages } from '../messages';

export default function LoginPage() {
  const { status, user } = useSession();
  const [pending, setPending] = useState(false);

  if (status === 'loading') return <PageSpinner fullScreen />;
  if (user) {
    const home = roleHome({ role: user.role, finance: user.customClaims.finance });
    if (home !== paths.login) return <Navigate to={home} replace />;
    return (
      <AuthShell>
        <NoAccess email={user.email} />
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
