// The «Solicitar retiro» form: the amount as people type it («50», «50,25», «1.250,50»: parseAmount); the money
// goes to the account saved in Mi Cuenta, which the form shows. The limits (the settings' minimum, the available balance) are the database's:
// the form says them before sending and request_payout enforces them under a lock, so its refusal
// (below_minimum, above_balance) is pinned to the amount field rather than guessed here.
import { z } from 'zod';
import { decimalsOf, parseAmount } from '@/lib/format/parse-amount';
import { rewardsMessages as m } from './messages';

export const payoutFormSchema = z.object({
  amount: z
    .string()
    .trim()
    .min(1, m.amountRequired)
    .transform((text, ctx) => {
      const value = parseAmount(text);
      if (value === null) {
        ctx.addIssue({ code: 'custom', message: m.amountInvalid });
        return z.NEVER;
      }
      if (value <= 0) ctx.addIssue({ code: 'custom', message: m.amountPositive });
      else if (decimalsOf(value) > 2) ctx.addIssue({ code: 'custom', message: m.amountDecimals });
      return value;
    }),
});

export type PayoutFormInput = z.input<typeof payoutFormSchema>;
export type PayoutFormValues = z.output<typeof payoutFormSchema>;
