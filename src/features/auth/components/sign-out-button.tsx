import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/auth/use-session';
import { authMessages } from '../messages';

/** The only way on from a page a signed-in person without a role lands on. */
export function SignOutButton() {
  const { signOut } = useSession();
  const [pending, setPending] = useState(false);
  return (
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
  );
}
