import { LogOut, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSession } from '@/lib/auth/use-session';
import { authMessages } from '../messages';

/** Where a signed-in person without a role ends: no route to bounce between, only a way out. */
export function NoAccess({ email }: { email: string }) {
  const { signOut } = useSession();
  const [pending, setPending] = useState(false);
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
        <p className="text-sm text-muted-foreground">
          {authMessages.signedInAs} <span className="font-medium text-foreground">{email}</span>
        </p>
        <p className="text-sm text-muted-foreground">{authMessages.noAccessContact}</p>
        <Button
          size="lg"
          variant="outline"
          disabled={pending}
          onClick={() => {
            setPending(true);
            void signOut().finally(() => setPending(false));
          }}
        >
          <LogOut aria-hidden="true" />
          {authMessages.signOut}
        </Button>
      </CardContent>
    </Card>
  );
}
