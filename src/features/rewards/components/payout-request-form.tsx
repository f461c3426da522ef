import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { payoutAccountsQueries } from '@/api/payout-accounts/payout-accounts-queries';
import { useRequestPayout } from '@/api/payouts/payouts-mutations';
import type { Balance } from '@/api/rewards/rewards-api';
import { Form, FormField, FormFooter } from '@/components/form/form';
import { useAppForm, useFormSubmit } from '@/components/form/use-app-form';
import { useRequestKey } from '@/components/form/use-request-key';
import { accountLine, documentLine } from '@/components/payout-account/account-text';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useMemberId } from '@/lib/auth/use-session';
import { useFormat } from '@/lib/format/use-format';
import { rewardsMessages as m } from '../messages';
import { payoutFormSchema } from '../payout-form';

/** Refusals about the amount, pinned to its field; anything else shows above the buttons. */
const REFUSAL_FIELDS = {
  codes: { above_balance: 'amount', below_minimum: 'amount', invalid_amount: 'amount' },
} as const;

/** The «Solicitar retiro» form inside its dialog (loaded when the dialog opens): how much, and to which account. */
export default function PayoutForm({ balance, onDone, onCancel }: { balance: Balance; onDone: () => void; onCancel: () => void }) {
  const fmt = useFormat();
  const request = useRequestPayout();
  const attempt = useRequestKey();
  const memberId = useMemberId();
  const account = useQuery({ ...payoutAccountsQueries.current(memberId ?? ''), enabled: memberId !== null });
  const form = useAppForm(payoutFormSchema, { defaultValues: { amount: '' } });
  const submit = useFormSubmit(
    form,
    async (values) => {
      await request.mutateAsync({ amount: values.amount, requestId: attempt.key({ amount: values.amount }) });
      attempt.done();
      onDone();
    },
    { fields: REFUSAL_FIELDS },
  );
  const hasAccount = !!account.data;
  // The form arrives after the dialog opened (it loads on demand): the amount takes the focus then.
  useEffect(() => {
    if (hasAccount) form.setFocus('amount');
  }, [form, hasAccount]);
  const min = fmt.money(balance.min_payout);
  const available = fmt.money(Math.max(balance.available, 0));
  const enough = balance.available >= balance.min_payout;

  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-5">
      <DialogHeader>
        <DialogTitle>{m.dialogTitle}</DialogTitle>
        <DialogDescription data-testid="payout-limits">{enough ? m.limits(min, available) : m.notEnough(available, min)}</DialogDescription>
      </DialogHeader>
      <section aria-labelledby="payout-destination" className="flex flex-col gap-1 rounded-lg border bg-muted/40 p-3 text-sm">
        <h3 id="payout-destination" className="font-medium">
          {m.destination}
        </h3>
        {account.isError ? (
          <ErrorState error={account.error} onRetry={() => account.refetch()} retrying={account.isFetching} />
        ) : account.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : account.data ? (
          <>
            <p className="font-semibold" data-testid="payout-destination">
              {accountLine({ institution: account.data.institution_name, type: account.data.account_type, number: account.data.account_number })}
            </p>
            <p className="text-muted-foreground">
              {account.data.holder_name} · {documentLine(account.data.holder_document_type, account.data.holder_document_number)}
            </p>
            <Link to={`${paths.account}#cuenta-retiros`} className="w-fit text-sm font-medium underline underline-offset-4">
              {m.changeAccount}
            </Link>
          </>
        ) : (
          <>
            <p role="alert">{m.noAccount}</p>
            <Button asChild size="sm" className="mt-1 w-fit">
              <Link to={`${paths.account}#cuenta-retiros`}>{m.registerAccount}</Link>
            </Button>
          </>
        )}
      </section>
      <FormField name="amount" label={m.amount} description={m.amountHint(min, available)} controlId="payout-amount">
        <Input inputMode="decimal" autoComplete="off" disabled={!hasAccount} />
      </FormField>
      <FormFooter submitLabel={m.send} pendingLabel={m.sending} submitDisabled={!enough || !hasAccount} cancelLabel={m.cancel} onCancel={onCancel} />
    </Form>
  );
}
