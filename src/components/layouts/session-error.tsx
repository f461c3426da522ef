import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { appMessages } from '@/config/messages';
import { useSession } from '@/lib/auth/use-session';

/**
 * A session is stored but its person could not be loaded because the API did not answer: say so and
 * offer «Reintentar» (and «Cerrar Sesión»), instead of sending the person to «Iniciar Sesión».
 */
export function SessionError() {
  const { retry, signOut } = useSession();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <main role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-3 p-4 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <TriangleAlert className="size-6" aria-hidden="true" />
      </div>
      <h1 className="text-lg font-semibold">{appMessages.sessionLoadFailed}</h1>
      <p className="max-w-md text-sm text-muted-foreground">{appMessages.sessionLoadFailedText}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={retry}>
          <RefreshCw aria-hidden="true" />
          {appMessages.retry}
        </Button>
        <Button
          variant="ghost"
          disabled={signingOut}
          onClick={() => {
            setSigningOut(true);
            void signOut().finally(() => setSigningOut(false));
          }}
        >
          {appMessages.signOut}
        </Button>
      </div>
    </main>
  );
}
