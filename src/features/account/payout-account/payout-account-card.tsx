// Mi Cuenta's «Cuenta para tus retiros»: the account the member's payouts go to, and «Cambiar
// cuenta» (the form loads when its dialog opens). Without one, the card says so and asks for it:
// «Solicitar retiro» needs it.
import { useQuery } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { payoutAccountsQueries } from '@/api/payout-accounts/payout-accounts-queries';
import { accountLine, documentLine } from '@/components/payout-account/account-text';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useMemberId } from '@/lib/auth/use-session';
import { useFormat } from '@/lib/format/use-format';
import { payoutAccountMessages as m } from './messages';
import type { PayoutAccountDefaults } from './payout-account-form';

const PayoutAccountForm = lazy(() => import('./payout-account-form'));

export function PayoutAccountCard({ defaults }: { defaults: PayoutAccountDefaults }) {
  const f = useFormat();
  const memberId = useMemberId();
  const account = useQuery({ ...payoutAccountsQueries.current(memberId ?? ''), enabled: memberId !== null });
  const [open, setOpen] = useState(false);
  const current = account.data ?? null;
  return (
    <Card id="cuenta-retiros" className="scroll-mt-20" data-testid="payout-account-card">
      <CardHeader className="pb-4">
        <CardTitle>
          <h2>{m.title}</h2>
        </CardTitle>
        <CardDescription>{m.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {account.isError ? (
          <ErrorState error={account.error} onRetry={() => account.refetch()} retrying={account.isFetching} />
        ) : account.isPending ? (
          <div className="flex flex-col gap-2" aria-hidden="true">
            <Skeleton className="h-5 w-64 max-w-full" />
            <Skeleton className="h-4 w-48" />
          </div>
        ) : current ? (
          <dl className="flex flex-col gap-1" data-testid="payout-account">
            <dt className="sr-only">{m.institution}</dt>
            <dd className="text-base font-semibold">
              {accountLine({ institution: current.institution_name, type: current.account_type, number: current.account_number })}
            </dd>
            <dt className="sr-only">{m.holderName}</dt>
            <dd className="text-sm">
              {current.holder_name} · {documentLine(current.holder_document_type, current.holder_document_number)}
            </dd>
            {!current.holder_is_member && <dd className="text-xs text-muted-foreground">{m.otherHolder}</dd>}
            <dd className="text-xs text-muted-foreground">{m.savedOn(f.date(current.created_at))}</dd>
          </dl>
        ) : (
          <EmptyState icon={Landmark} title={m.emptyTitle} description={m.emptyText} className="py-4" />
        )}
      </CardContent>
      {!account.isError && !account.isPending && (
        <CardFooter>
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogTrigger asChild>
              <Button variant={current ? 'outline' : 'default'}>{current ? m.change : m.register}</Button>
            </DialogTrigger>
            <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
              <DialogHeader>
                <DialogTitle>{m.dialogTitle}</DialogTitle>
                <DialogDescription>{m.dialogDescription}</DialogDescription>
              </DialogHeader>
              {open && (
                <Suspense fallback={<Skeleton className="h-72 w-full" />}>
                  <PayoutAccountForm current={current} defaults={defaults} onDone={() => setOpen(false)} />
                </Suspense>
              )}
            </DialogContent>
          </Dialog>
        </CardFooter>
      )}
    </Card>
  );
}
