import { HandCoins } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { Balance } from '@/api/rewards/rewards-api';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { rewardsMessages as m } from '../messages';

// The form and its libraries (react-hook-form, zod) load when the dialog opens, not with the page.
const PayoutRequestForm = lazy(() => import('./payout-request-form'));

/** «Solicitar retiro»: the limits said before sending, the database's refusal where the person looks. */
export function RequestPayoutDialog({ balance }: { balance: Balance }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <HandCoins aria-hidden="true" />
          {m.requestPayout}
        </Button>
      </DialogTrigger>
      <DialogContent>
        {open && (
          <Suspense fallback={<PayoutFormSkeleton />}>
            <PayoutRequestForm balance={balance} onDone={() => setOpen(false)} onCancel={() => setOpen(false)} />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PayoutFormSkeleton() {
  return (
    <div className="flex flex-col gap-5" aria-busy="true">
      <DialogHeader>
        <DialogTitle>{m.dialogTitle}</DialogTitle>
        <Skeleton className="h-4 w-full" />
      </DialogHeader>
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-20 w-full" />
      <Skeleton className="ml-auto h-9 w-36" />
    </div>
  );
}
