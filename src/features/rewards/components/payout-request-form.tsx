import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRequestPayout } from '@/api/payouts/payouts-mutations';
import { payoutsQueries } from '@/api/payouts/payouts-queries';
import type { Balance } from '@/api/rewards/rewards-api';
import { Form, FormField, FormFooter } from '@/components/form/form';
import { useAppForm, useFormSubmit } from '@/components/form/use-app-form';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useFormat } from '@/lib/format/use-format';
import { rewardsMessages as m } from '../messages';
import { payoutFormSchema } from '../payout-form';
import { PAYOUTS_PAGE_SIZE } from './my-payouts';

/** Refusals about the amount or the details, pinned to their field; anything else shows above the buttons. */
const REFUSAL_FIELDS = {
  codes: { above_balance: 'amount', below_minimum: 'amount', invalid_amount: 'amount', text_too_long: 'paymentDetails' },
} as const;

/** The «Solicitar retiro» form inside its dialog (loaded when the dialog opens). */
export default function PayoutForm({ balance, onDone, onCancel }: { balance: Balance; onDone: () => void; onCancel: () => void }) {
  const fmt = useFormat();
  const request = useRequestPayout();
  // The last request's payment details, so a member does not type their account every time.
  const last = useQuery(payoutsQueries.mine({ page: 1, pageSize: PAYOUTS_PAGE_SIZE }));
  const lastDetails = last.data?.rows.find((r) => r.payment_details)?.payment_details ?? '';
  const form = useAppForm(payoutFormSchema, {
    values: { amount: '', paymentDetails: lastDetails },
    resetOptions: { keepDirtyValues: true },
  });
  const submit = useFormSubmit(
    form,
    async (values) => {
      await request.mutateAsync({ amount: values.amount, paymentDetails: values.paymentDetails });
      onDone();
    },
    { fields: REFUSAL_FIELDS },
  );
  // The form arrives after the dialog opened (it loads on demand): the amount takes the focus then.
  useEffect(() => form.setFocus('amount'), [form]);
  const min = fmt.money(balance.min_payout);
  const available = fmt.money(Math.max(balance.available, 0));
  const enough = balance.available >= balance.min_payout;

  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-5">
      <DialogHeader>
        <DialogTitle>{m.dialogTitle}</DialogTitle>
        <DialogDescription data-testid="payout-limits">{enough ? m.limits(min, available) : m.notEnough(available, min)}</DialogDescription>
      </DialogHeader>
      <FormField name="amount" label={m.amount} description={m.amountHint(min, available)} controlId="payout-amount">
        <Input inputMode="decimal" autoComplete="off" />
      </FormField>
      <FormField name="paymentDetails" label={m.details} description={m.detailsHint} controlId="payout-details">
        <Textarea rows={3} maxLength={500} />
      </FormField>
      <FormFooter submitLabel={m.send} pendingLabel={m.sending} submitDisabled={!enough} cancelLabel={m.cancel} onCancel={onCancel} />
    </Form>
  );
}
