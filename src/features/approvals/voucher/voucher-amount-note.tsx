// The approver notes the amount the voucher says; the database compares it with the sale's total
// and a mismatch becomes a fraud sign above. A refusal shows beside the field, in the database's words.
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNoteVoucherAmount } from '@/api/sales/sales-mutations';
import { salesQueries } from '@/api/sales/sales-queries';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorText } from '@/lib/feedback/error-text';
import { useFormat } from '@/lib/format/use-format';
import { approvalMessages as m } from '../messages';
import { parseAmountInput } from './amount-input';

export function VoucherAmountNote({ saleId }: { saleId: string }) {
  const f = useFormat();
  const id = useId();
  const note = useQuery(salesQueries.voucherNote(saleId));
  const save = useNoteVoucherAmount(saleId);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amount = parseAmountInput(text);
    if (amount === null) {
      setProblem(m.voucherAmountUnreadable);
      return;
    }
    try {
      await save.mutateAsync(amount);
      setText('');
      setProblem(null);
    } catch (error) {
      setProblem(errorText(error, m.voucherAmountFailed));
    }
  };
  const remove = async () => {
    try {
      await save.mutateAsync(null);
      setProblem(null);
    } catch (error) {
      setProblem(errorText(error, m.voucherAmountFailed));
    }
  };

  const current = note.data;
  return (
    <form onSubmit={(event) => void submit(event)} className="mt-4 space-y-2 border-t pt-4" data-testid="voucher-amount">
      <Label htmlFor={`${id}-amount`}>{m.voucherAmountLabel}</Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-amount`}
          inputMode="decimal"
          autoComplete="off"
          className="max-w-40"
          placeholder={m.voucherAmountPlaceholder}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
          disabled={save.isPending}
        />
        <Button type="submit" variant="outline" disabled={save.isPending || text.trim() === ''}>
          {current ? m.voucherAmountCorrect : m.voucherAmountSave}
        </Button>
      </div>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
      <p id={`${id}-hint`} className="text-xs text-muted-foreground" aria-live="polite">
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
      </p>
    </form>
  );
}
