import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useRequestPayout } from '@/api/payouts/payouts-mutations';
import { payoutsQueries } from '@/api/payouts/payouts-queries';
import type { Balance } from '@/api/rewards/rewards-api';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toDbError } from '@/lib/data/db';
import { useFormat } from '@/lib/format/use-format';
import { rewardsMessages as m } from '../messages';
import { payoutFormSchema, type PayoutFormInput, type PayoutFormValues } from '../payout-form';
import { PAYOUTS_PAGE_SIZE } from './my-payouts';

/** Refusals about the amount, pinned to its field; anything else shows above the buttons. */
const AMOUNT_CODES = new Set(['above_balance', 'below_minimum', 'invalid_amount']);

/** The «Solicitar retiro» form inside its dialog (loaded when the dialog opens). */
export default function PayoutForm({ balance, onDone, onCancel }: { balance: Balance; onDone: () => void; onCancel: () => void }) {
  const fmt = useFormat();
  const request = useRequestPayout();
  // The last request's payment details, so a member does not type their account every time.
  const last = useQuery(payoutsQueries.mine({ page: 1, pageSize: PAYOUTS_PAGE_SIZE }));
  const lastDetails = last.data?.rows.find((r) => r.payment_details)?.payment_details ?? '';
  const form = useForm<PayoutFormInput, unknown, PayoutFormValues>({
    resolver: zodResolver(payoutFormSchema),
    values: { amount: '', paymentDetails: lastDetails },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting } = form.formState;
  // The form arrives after the dialog opened (it loads on demand): the amount takes the focus then.
  useEffect(() => form.setFocus('amount'), [form]);
  const min = fmt.money(balance.min_payout);
  const available = fmt.money(Math.max(balance.available, 0));
  const enough = balance.available >= balance.min_payout;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await request.mutateAsync({ amount: values.amount, paymentDetails: values.paymentDetails });
      onDone();
    } catch (error) {
      const e = toDbError(error);
      if (e.saviaCode && AMOUNT_CODES.has(e.saviaCode)) form.setError('amount', { message: e.userMessage }, { shouldFocus: true });
      else if (e.saviaCode === 'text_too_long') form.setError('paymentDetails', { message: e.userMessage }, { shouldFocus: true });
      else form.setError('root', { message: e.userMessage });
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-5">
      <DialogHeader>
        <DialogTitle>{m.dialogTitle}</DialogTitle>
        <DialogDescription data-testid="payout-limits">{enough ? m.limits(min, available) : m.notEnough(available, min)}</DialogDescription>
      </DialogHeader>
      <Field controlId="payout-amount" error={errors.amount?.message}>
        <FieldLabel>{m.amount}</FieldLabel>
        <FieldControl>
          <Input inputMode="decimal" autoComplete="off" {...form.register('amount')} />
        </FieldControl>
        <FieldDescription>{m.amountHint(min, available)}</FieldDescription>
        <FieldError />
      </Field>
      <Field controlId="payout-details" error={errors.paymentDetails?.message}>
        <FieldLabel>{m.details}</FieldLabel>
        <FieldControl>
          <Textarea rows={3} maxLength={500} {...form.register('paymentDetails')} />
        </FieldControl>
        <FieldDescription>{m.detailsHint}</FieldDescription>
        <FieldError />
      </Field>
      {errors.root?.message && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.root.message}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {m.cancel}
        </Button>
        <Button type="submit" disabled={isSubmitting || !enough}>
          {isSubmitting ? m.sending : m.send}
        </Button>
      </DialogFooter>
    </form>
  );
}
