import { describe, expect, it } from 'vitest';
import { rewardsMessages as m } from './messages';
import { payoutFormSchema } from './payout-form';

describe('el formulario de retiro', () => {
  const parse = (amount: string) => payoutFormSchema.safeParse({ amount });
  const messages = (result: ReturnType<typeof parse>) => (result.success ? [] : result.error.issues.map((i) => i.message));

  it('acepta un importe con dos decimales', () => {
    expect(parse('50,25')).toMatchObject({ success: true, data: { amount: 50.25 } });
  });

  it('lee los miles como se escriben en pesos («25.000»)', () => {
    expect(parse('25.000')).toMatchObject({ success: true, data: { amount: 25000 } });
    expect(parse('$ 1.250.000')).toMatchObject({ success: true, data: { amount: 1250000 } });
  });

  it('rechaza en español lo que nunca podría pasar', () => {
    expect(messages(parse(''))).toEqual([m.amountRequired]);
    expect(messages(parse('cincuenta'))).toEqual([m.amountInvalid]);
    expect(messages(parse('0'))).toEqual([m.amountPositive]);
    expect(messages(parse('10,555'))).toEqual([m.amountDecimals]);
  });
});
