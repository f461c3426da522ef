import { ArrowRightLeft } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/auth/use-session';
import { enrollerMessages as m } from './messages';

const ChangeEnrollerDialog = lazy(() => import('./change-enroller-dialog'));

/** The superadmin's «Cambiar enrolador» (button and dialog); nothing for anyone else (the database refuses them too). */
export default function ChangeEnrollerButton({ clientId }: { clientId: string }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (user?.role !== 'superadmin') return null;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <ArrowRightLeft aria-hidden="true" />
        {m.button}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ChangeEnrollerDialog clientId={clientId} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
