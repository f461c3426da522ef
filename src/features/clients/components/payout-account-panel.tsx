// The member's payout account in their record (tab «Retiros»): where their payouts go, since when,
// and (superadmin) the permission to be paid into someone else's account, with its reason.
import { useQuery } from '@tanstack/react-query';
import { payoutAccountsQueries } from '@/api/payout-accounts/payout-accounts-queries';
import { useSetHolderException } from '@/api/payout-accounts/payout-accounts-mutations';
import { accountLine, documentLine } from '@/components/payout-account/account-text';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/auth/use-session';
import { useFormat } from '@/lib/format/use-format';
import { m } from '../messages';

export function PayoutAccountPanel({ clientId, name }: { clientId: string; name: string }) {
  const f = useFormat();
  const { user } = useSession();
  const account = useQuery(payoutAccountsQueries.current(clientId));
  const exception = useQuery(payoutAccountsQueries.holderException(clientId));
  const setException = useSetHolderException();
  return (
    <section aria-labelledby="payout-account-title" className="mb-4 flex flex-col gap-2 rounded-xl border p-4">
      <h3 id="payout-account-title" className="font-semibold">
        {m.payoutAccountTitle}
      </h3>
      {account.isError ? (
        <ErrorState error={account.error} onRetry={() => account.refetch()} retrying={account.isFetching} />
      ) : account.isPending ? (
        <Skeleton className="h-10 w-72 max-w-full" />
      ) : account.data ? (
        <div className="flex flex-col gap-0.5 text-sm" data-testid="client-payout-account">
          <span className="font-medium">
            {accountLine({ institution: account.data.institution_name, type: account.data.account_type, number: account.data.account_number })}
          </span>
          <span className="text-muted-foreground">
            {account.data.holder_name} · {documentLine(account.data.holder_document_type, account.data.holder_document_number)}
            {!account.data.holder_is_member && ` · ${m.otherHolder}`}
          </span>
          <span className="text-xs text-muted-foreground">{m.accountSavedOn(f.dateTime(account.data.created_at))}</span>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{m.noPayoutAccount(name)}</p>
      )}
      {exception.data && <p className="text-sm">{m.holderAllowed(exception.data.reason)}</p>}
      {user?.role === 'superadmin' && exception.isSuccess && (
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm" className="w-fit">
              {exception.data ? m.removeHolderException : m.allowHolderException}
            </Button>
          }
          variant={exception.data ? 'destructive' : 'default'}
          title={exception.data ? m.removeHolderTitle(name) : m.allowHolderTitle(name)}
          description={exception.data ? m.removeHolderDescription : m.allowHolderDescription(name)}
          confirmLabel={exception.data ? m.removeHolderException : m.allowHolderException}
          reason={exception.data ? undefined : { label: m.holderReasonLabel, max: 300 }}
          onConfirm={(reason) => setException.mutateAsync({ clientId, allowed: !exception.data, reason })}
        />
      )}
    </section>
  );
}
