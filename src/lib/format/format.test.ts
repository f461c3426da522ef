import { describe, expect, it } from 'vitest';
import {
  addMonths,
  amountExample,
  businessMonthOf,
  createFormatters,
  csvDecimal,
  daysLeftInBusinessMonth,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatMoney,
  formatMonth,
  formatMonthName,
  formatMonthShort,
  formatPercent,
  formatPoints,
  isoDate,
  isoDateTime,
  monthKey,
  monthStart,
  parseMonth,
} from './format';
import { parseAmount } from './parse-amount';

const BOGOTA = 'America/Bogota';
// Intl puts a no-break space between the amount and the currency, so the two never part.
const nb = (text: string) => text.replace(/ /g, '\u00a0');
// 22:00 on 31 October in Bogotá (UTC−5) is already 1 November in UTC.
const OCT_31_22H_BOGOTA = '2026-11-01T03:00:00Z';
const NOV_1_00H_BOGOTA = '2026-11-01T05:00:00Z';

describe('dinero y puntos', () => {
  it('formatea en la moneda de la configuración como la escribe un colombiano (es-CO, por defecto), agrupando los miles', () => {
    expect(formatMoney(1234.5, 'USD')).toBe(nb('US$ 1.234,50'));
    expect(formatMoney('99.9', 'USD')).toBe(nb('US$ 99,90'));
    expect(formatMoney(18, 'USD')).toBe(nb('US$ 18,00'));
    expect(formatMoney(-5, 'EUR')).toBe(nb('-EUR 5,00'));
    expect(formatMoney(1234567, 'COP')).toBe(nb('$ 1.234.567'));
  });

  it('una moneda sin centavos (COP) los muestra solo cuando el importe los tiene: nunca redondea lo que el libro guarda', () => {
    expect(formatMoney(25000, 'COP')).toBe(nb('$ 25.000'));
    expect(formatMoney('2800.50', 'COP')).toBe(nb('$ 2.800,50'));
    expect(formatMoney(2.5, 'COP')).toBe(nb('$ 2,50'));
    expect(formatMoney(-100000, 'COP')).toBe(nb('-$ 100.000'));
    expect(formatMoney(2.5, 'CLP', 'es-CL')).toBe('$2,50');
  });

  it('cada formato regional escribe a su manera: el símbolo, su lado, el espacio y los separadores', () => {
    expect(formatMoney(1234.5, 'MXN', 'es-MX')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'USD', 'es-MX')).toBe(nb('USD 1,234.50'));
    expect(formatMoney(1234.5, 'PEN', 'es-PE')).toBe(nb('S/ 1,234.50'));
    expect(formatMoney(-18, 'USD', 'es-CL')).toBe('US$-18,00');
    expect(formatMoney(18, 'USD', 'es-EC')).toBe('$18,00');
    expect(formatMoney(1234.5, 'EUR', 'es-ES')).toBe(nb('1.234,50 €'));
    expect(formatPercent(0.025)).toBe('2,5%');
    expect(formatPercent(0.025, 'es-MX')).toBe('2.5%');
    expect(formatPercent(0.025, 'es-ES')).toBe(nb('2,5 %'));
    expect(formatPoints(1234, 'es-MX')).toBe('1,234');
    expect(formatPoints(1234, 'es-ES')).toBe('1.234');
  });

  it('un formato regional desconocido se lee como el de Colombia', () => {
    expect(formatMoney(18, 'USD', 'en-US')).toBe(formatMoney(18, 'USD', 'es-CO'));
    expect(formatDate(OCT_31_22H_BOGOTA, BOGOTA, 'xx')).toBe('31 de oct de 2026');
  });

  it('el ejemplo de un campo de importe se escribe como se teclea en la moneda de la empresa, y se lee de vuelta', () => {
    expect(amountExample('COP')).toBe('25.000');
    expect(amountExample('USD')).toBe('25,00');
    expect(amountExample('MXN', 'es-MX')).toBe('25.00');
    expect(amountExample('CLP', 'es-CL')).toBe('25.000');
    for (const [currency, locale, value] of [
      ['COP', 'es-CO', 25_000],
      ['USD', 'es-CO', 25],
      ['MXN', 'es-MX', 25],
    ] as const)
      expect(parseAmount(amountExample(currency, locale), locale)).toBe(value);
  });

  it('los puntos son enteros con separador de miles', () => {
    expect(formatPoints(1234)).toBe('1.234');
    expect(formatPoints(100)).toBe('100');
    expect(formatPoints('250000')).toBe('250.000');
  });
});

describe('instantes en la zona horaria de la empresa', () => {
  it('una venta del 31 a las 22:00 en Bogotá es del 31, aunque en UTC ya sea 1', () => {
    expect(formatDate(OCT_31_22H_BOGOTA, BOGOTA)).toBe('31 de oct de 2026');
    expect(formatDateTime(OCT_31_22H_BOGOTA, BOGOTA)).toBe('31 de oct de 2026, 22:00');
    expect(formatDate(OCT_31_22H_BOGOTA, 'UTC')).toBe('1 de nov de 2026');
    expect(formatDate(OCT_31_22H_BOGOTA, BOGOTA, 'es-MX')).toBe('31 oct 2026');
  });

  it('medianoche usa 00, no 24', () => {
    expect(formatDateTime(NOV_1_00H_BOGOTA, BOGOTA)).toBe('1 de nov de 2026, 00:00');
  });

  it('ISO para CSV, con la fecha y el desfase de la empresa', () => {
    expect(isoDate(OCT_31_22H_BOGOTA, BOGOTA)).toBe('2026-10-31');
    expect(isoDateTime(OCT_31_22H_BOGOTA, BOGOTA)).toBe('2026-10-31T22:00:00-05:00');
    expect(isoDateTime('2026-11-01T03:00:00Z', 'UTC')).toBe('2026-11-01T03:00:00+00:00');
    expect(csvDecimal(1234.5)).toBe('1234.50');
    expect(csvDecimal('7')).toBe('7.00');
    expect(csvDecimal(1500, 0)).toBe('1500');
  });
});

describe('meses de negocio', () => {
  it('un YYYY-MM-01 es un mes del calendario, nunca un instante UTC', () => {
    expect(formatMonth('2026-10-01')).toBe('octubre de 2026');
    expect(formatMonth('2026-10')).toBe('octubre de 2026');
    expect(formatMonthShort('2026-10-01')).toBe('oct. 2026');
    expect(formatMonthShort('2026-09')).toBe('sept. 2026');
    expect(formatMonth('2027-01-01')).toBe('enero de 2027');
  });

  it('el nombre del mes solo, y un día del calendario con su mes', () => {
    expect(formatMonthName('2026-10-01')).toBe('octubre');
    expect(formatDayMonth('2026-11-30')).toBe('30 de noviembre');
    expect(formatDayMonth('2026-02-01')).toBe('1 de febrero');
    expect(() => formatDayMonth('2026-13-01')).toThrow(RangeError);
  });

  it('el mes de negocio de un instante depende de la zona de la empresa', () => {
    expect(businessMonthOf(OCT_31_22H_BOGOTA, BOGOTA)).toBe('2026-10');
    expect(businessMonthOf(NOV_1_00H_BOGOTA, BOGOTA)).toBe('2026-11');
    expect(businessMonthOf(OCT_31_22H_BOGOTA, 'UTC')).toBe('2026-11');
  });

  it('días que quedan del mes, hoy incluido, en la zona de la empresa', () => {
    expect(daysLeftInBusinessMonth(BOGOTA, OCT_31_22H_BOGOTA)).toBe(1);
    expect(daysLeftInBusinessMonth(BOGOTA, NOV_1_00H_BOGOTA)).toBe(30);
    expect(daysLeftInBusinessMonth('UTC', OCT_31_22H_BOGOTA)).toBe(30);
    expect(daysLeftInBusinessMonth(BOGOTA, '2028-02-29T12:00:00Z')).toBe(1);
    expect(daysLeftInBusinessMonth(BOGOTA, '2027-02-01T12:00:00Z')).toBe(28);
  });

  it('lee, normaliza y recorre meses', () => {
    expect(parseMonth('2026-10')).toEqual({ year: 2026, month: 10 });
    expect(parseMonth('2026-10-01')).toEqual({ year: 2026, month: 10 });
    expect(parseMonth('1895-02-01')).toEqual({ year: 1895, month: 2 });
    expect(formatMonth('1895-02-01')).toBe('febrero de 1895');
    for (const bad of ['2026-13', '2026-00', '0000-05', '2026-10-15', 'octubre', '', null, undefined, '26-10']) expect(parseMonth(bad)).toBeNull();
    expect(monthKey('2026-10-01')).toBe('2026-10');
    expect(monthStart('2026-10')).toBe('2026-10-01');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-10', -24)).toBe('2024-10');
    expect(() => formatMonth('nada')).toThrow(RangeError);
  });
});

describe('una configuración mal escrita no rompe la pantalla', () => {
  it('moneda desconocida: el número con su código; zona desconocida: la de Bogotá', () => {
    expect(formatMoney(1234.5, 'DOLARES')).toBe('1.234,50\u00a0DOLARES');
    expect(formatDateTime(OCT_31_22H_BOGOTA, 'Marte/Olympus')).toBe('31 de oct de 2026, 22:00');
    expect(businessMonthOf(OCT_31_22H_BOGOTA, 'Marte/Olympus')).toBe('2026-10');
  });
});

describe('createFormatters', () => {
  it('ata moneda, formato regional y zona a la configuración', () => {
    const f = createFormatters({ currency: 'EUR', timezone: BOGOTA, locale: 'es-ES' });
    expect(f.money(10)).toBe(nb('10,00 €'));
    expect(f.percent(0.05)).toBe(nb('5 %'));
    expect(f.points(1234)).toBe('1.234');
    expect(f.date(OCT_31_22H_BOGOTA)).toBe('31 oct 2026');
    expect(createFormatters({ currency: 'USD', timezone: BOGOTA }).money(18)).toBe(nb('US$ 18,00'));
    expect(f.businessMonth(OCT_31_22H_BOGOTA)).toBe('2026-10');
    expect(f.daysLeftInMonth(OCT_31_22H_BOGOTA)).toBe(1);
  });
});
