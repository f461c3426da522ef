import { ShieldOff } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { authMessages } from '../messages';
import { SignOutButton } from './sign-out-button';

/** Where a signed-in person without a role (and no enrolment under way) ends: only a way out. */
export function NoAccess({ email }: { email: string }) {
  return (
    <Card className="shadow-lg">
      <CardHeader className="items-center text-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-700 dark:bg-amber-950 dark:text-amber-300">
          <ShieldOff className="size-6" aria-hidden="true" />
        </span>
        <CardTitle className="text-xl">
          <h1>{authMessages.noAccessTitle}</h1>
        </CardTitle>
        <CardDescription>{authMessages.noAccessText}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-center">
        <SignedInAs email={email} />
        <p className="text-sm text-muted-foreground">{authMessages.noAccessContact}</p>
        <SignOutButton />
      </CardContent>
    </Card>
  );
}

export function SignedInAs({ email }: { email: string }) {
  return (
    <p className="text-sm text-muted-foreground">
      {authMessages.signedInAs} <span className="font-medium break-all text-foreground">{email}</span>
    </p>
  );
}
