// The approver notes the amount the voucher says; the database compares it with the sale's total
// and a mismatch becomes a fraud sign above. A refusal shows beside the field, in the database's words.
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { z } from 'zod/mini';
import { useNoteVoucherAmount } from '@/api/sales/sales-mutations';
import { salesQueries } from '@/api/sales/sales-queries';
import { Form, SubmitButton } from '@/components/form/form';
import { showRefusal, useAppForm, useFormSubmit } from '@/components/form/use-app-form';
import { Button } from '@/components/ui/button';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { amountExample } from '@/lib/format/format';
import { parseAmount } from '@/lib/format/parse-amount';
import { useFormat } from '@/lib/format/use-format';
import { approvalMessages as m } from '../messages';

const noteSchema = z.object({ amount: z.string().check(z.refine((text) => parseAmount(text) !== null, m.voucherAmountUnreadable)) });
/** Every refusal here is about the amount. */
const AMOUNT_REFUSAL = { fields: () => 'amount' as const };

export function VoucherAmountNote({ saleId }: { saleId: string }) {
  const f = useFormat();
  const note = useQuery(salesQueries.voucherNote(saleId));
  const save = useNoteVoucherAmount(saleId);
  const form = useAppForm(noteSchema, { defaultValues: { amount: '' } });
  const typed = useWatch({ control: form.control, name: 'amount' });
  const submit = useFormSubmit(
    form,
    async ({ amount }) => {
      await save.mutateAsync(parseAmount(amount));
      form.reset();
    },
    AMOUNT_REFUSAL,
  );
  const remove = async () => {
    form.clearErrors();
    try {
      await save.mutateAsync(null);
    } catch (error) {
      showRefusal(form, error, AMOUNT_REFUSAL);
    }
  };

  const current = note.data;
  const label = current ? m.voucherAmountCorrect : m.voucherAmountSave;
  return (
    <Form form={form} onSubmit={submit} className="mt-4 border-t pt-4" data-testid="voucher-amount">
      <Field error={form.formState.errors.amount?.message}>
        <FieldLabel>{m.voucherAmountLabel}</FieldLabel>
        <div className="flex gap-2">
          <FieldControl {...form.register('amount')}>
            <Input
              inputMode="decimal"
              autoComplete="off"
              className="max-w-40"
              placeholder={m.voucherAmountPlaceholder(amountExample(f.currency, f.locale))}
              disabled={save.isPending}
            />
          </FieldControl>
          <SubmitButton variant="outline" pendingLabel={label} disabled={save.isPending || typed.trim() === ''}>
            {label}
          </SubmitButton>
        </div>
        <FieldError className="text-sm font-normal" />
        <FieldDescription aria-live="polite">
          {current ? (
            <>
              <span className="font-medium text-foreground" data-testid="voucher-amount-noted">
                {m.voucherAmountNoted(f.money(current.amount), current.matches)}
              </span>{' '}
              {m.voucherAmountBy(current.noted_by_email ?? m.none, f.dateTime(current.noted_at))}{' '}
              <Button type="button" variant="link" size="sm" className="h-auto p-0 text-xs" onClick={() => void remove()} disabled={save.isPending}>
                {m.voucherAmountRemove}
              </Button>
            </>
          ) : (
            m.voucherAmountHint
          )}
        </FieldDescription>
      </Field>
    </Form>
  );
}
