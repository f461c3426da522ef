import { describe, expect, it } from 'vitest';
import { decimalsOf, parseAmount, parseMoneyInput } from './parse-amount';

describe('un importe como lo escribe una persona en Colombia (es-CO)', () => {
  it.each([
    ['38', 38],
    ['38,00', 38],
    ['38,5', 38.5],
    ['12.500', 12500],
    ['25.000', 25000],
    ['1.234.567', 1234567],
    ['1.250,50', 1250.5],
    ['1,250.50', 1250.5],
    ['25000.00', 25000],
    ['12.50', 12.5],
    ['$ 25.000', 25000],
    ['25.000 COP', 25000],
    ['25,00 US$', 25],
    [' 20 ', 20],
    ['0', 0],
    ['10,005', 10.005], // three decimals: read as written, so the form refuses it in its words
  ])('«%s» es %s', (text, value) => {
    expect(parseAmount(text)).toBe(value);
  });

  it.each(['', 'abc', '-5', '1,2,3', '1.2.3', '12..5', ',5', '5.', '12a', '1.23.456', '1.234,5,6', '1.2345,00'])('«%s» no se lee como importe', (text) => {
    expect(parseAmount(text)).toBeNull();
  });
});

describe('en un país que escribe el punto decimal (es-MX)', () => {
  it.each([
    ['12.500', 12.5],
    ['12,500', 12500],
    ['1,250.50', 1250.5],
    ['1.250,50', 1250.5],
  ])('«%s» es %s', (text, value) => {
    expect(parseAmount(text, 'es-MX')).toBe(value);
  });
});

describe('decimalsOf', () => {
  it('cuenta los decimales de un número', () => {
    expect(decimalsOf(12)).toBe(0);
    expect(decimalsOf(12.5)).toBe(1);
    expect(decimalsOf(10.005)).toBe(3);
  });
});

describe('parseMoneyInput', () => {
  it('lee un importe con dos decimales como máximo, lo que toma una columna de dinero', () => {
    expect(parseMoneyInput('12.500')).toBe(12500);
    expect(parseMoneyInput('12,50')).toBe(12.5);
    expect(parseMoneyInput('10,005')).toBeNull();
    expect(parseMoneyInput('doce')).toBeNull();
  });
});
