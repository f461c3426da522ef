import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { AuthShell } from '../components/auth-shell';
import { authMessages } from '../messages';

export default function AuthErrorPage() {
  return (
    <AuthShell>
      <Card className="shadow-lg">
        <CardHeader className="items-center text-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
            <ShieldAlert className="size-6" aria-hidden="true" />
          </span>
          <CardTitle className="text-xl">
            <h1>{authMessages.authErrorTitle}</h1>
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-center text-sm text-muted-foreground">
          <p>{authMessages.authErrorNotRegistered}</p>
          <p>{authMessages.authErrorUseEnrolmentEmail}</p>
          <p>{authMessages.authErrorContact}</p>
          <Button asChild size="lg" className="mt-3 w-full">
            <Link to={paths.login} replace>
              {authMessages.backToSignIn}
            </Link>
          </Button>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
