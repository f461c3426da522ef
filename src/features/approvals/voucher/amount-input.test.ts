import { describe, expect, it } from 'vitest';
import { parseAmountInput } from './amount-input';

describe('parseAmountInput', () => {
  it.each([
    ['38', 38],
    ['38,00', 38],
    ['38.5', 38.5],
    ['1.234,50', 1234.5],
    ['1,234.50', 1234.5],
    ['1.234', 1234],
    ['1.234.567', 1234567],
    ['$ 25,00', 25],
    ['25,00 US$', 25],
    ['0', 0],
    ['10,005', 10.005], // the database refuses more than two decimals, in its words
  ])('«%s» es %s', (text, value) => {
    expect(parseAmountInput(text)).toBe(value);
  });

  it.each(['', 'abc', '-5', '1,2,3', '1.2.3', '12..5', ',5'])('«%s» no se lee como importe', (text) => {
    expect(parseAmountInput(text)).toBeNull();
  });
});
