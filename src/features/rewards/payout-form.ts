// The «Solicitar retiro» form: the amount as people type it («50», «50,25», «1.250,50»); the money
// goes to the account saved in Mi Cuenta, which the form shows. The limits (the settings' minimum, the available balance) are the database's:
// the form says them before sending and request_payout enforces them under a lock, so its refusal
// (below_minimum, above_balance) is pinned to the amount field rather than guessed here.
import { z } from 'zod';
import { rewardsMessages as m } from './messages';

/** «1.250,50», «1,250.50», «50,25», «50.25» or «50» as a number; null when it is not an amount. */
export function parseAmount(text: string): number | null {
  const compact = text.replace(/[\s\u00a0]/g, '').replace(/^(US)?\$/, '');
  let normal: string | null = null;
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(compact))
    normal = compact.replace(/\./g, '').replace(',', '.'); // 1.250,50
  else if (/^\d{1,3}(,\d{3})+\.\d+$/.test(compact))
    normal = compact.replace(/,/g, ''); // 1,250.50
  else if (/^\d+([.,]\d+)?$/.test(compact)) normal = compact.replace(',', '.'); // 50,25 or 50.25
  return normal === null ? null : Number(normal);
}

const decimals = (value: number) => (String(value).split('.')[1] ?? '').length;

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
      else if (decimals(value) > 2) ctx.addIssue({ code: 'custom', message: m.amountDecimals });
      return value;
    }),
});

export type PayoutFormInput = z.input<typeof payoutFormSchema>;
export type PayoutFormValues = z.output<typeof payoutFormSchema>;
