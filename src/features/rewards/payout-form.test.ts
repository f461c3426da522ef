import { describe, expect, it } from 'vitest';
import { rewardsMessages as m } from './messages';
import { parseAmount, payoutFormSchema } from './payout-form';

describe('el importe como se escribe', () => {
  it.each([
    ['50', 50],
    ['50,25', 50.25],
    ['50.25', 50.25],
    ['1.250,50', 1250.5],
    ['1,250.50', 1250.5],
    ['1.250', 1250],
    ['1250', 1250],
    [' 20 ', 20],
    ['$ 30', 30],
  ])('«%s» es %d', (text, value) => {
    expect(parseAmount(text)).toBe(value);
  });

  it.each(['', 'abc', '-5', '1,2,3', '5..0', '12a'])('«%s» no es un importe', (text) => {
    expect(parseAmount(text)).toBeNull();
  });
});

describe('el formulario de retiro', () => {
  const parse = (amount: string) => payoutFormSchema.safeParse({ amount });
  const messages = (result: ReturnType<typeof parse>) => (result.success ? [] : result.error.issues.map((i) => i.message));

  it('acepta un importe con dos decimales', () => {
    expect(parse('50,25')).toMatchObject({ success: true, data: { amount: 50.25 } });
  });

  it('rechaza en español lo que nunca podría pasar', () => {
    expect(messages(parse(''))).toEqual([m.amountRequired]);
    expect(messages(parse('cincuenta'))).toEqual([m.amountInvalid]);
    expect(messages(parse('0'))).toEqual([m.amountPositive]);
    expect(messages(parse('10,555'))).toEqual([m.amountDecimals]);
  });
});
