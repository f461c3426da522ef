// One reader for every amount a person types (a price, a cost, a payout, a voucher's amount), as the
// company's locale writes numbers: in es-CO «12.500» is twelve thousand five hundred and «12,50» twelve
// and a half; in es-MX the other way round. Both separators are accepted where the text cannot mean
// anything else («1.250,50» and «1,250.50»). Nothing is judged here (more than 0, two decimals at most,
// a maximum): each form says its own limits, and the database checks them again. By default the
// settings' locale (format.ts's active one, set by SettingsGate).
import { activeFormatLocale } from './format';

const groupSeparators = new Map<string, string>();

/** The separator the locale groups thousands with: the one that is not its decimal mark. */
function groupSeparatorOf(locale: string): string {
  let group = groupSeparators.get(locale);
  if (!group) {
    const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
    group = decimal === '.' ? ',' : '.';
    groupSeparators.set(locale, group);
  }
  return group;
}

/** The number typed, or null when the text is not one amount (empty, negative, letters, «1,2,3»). */
export function parseAmount(text: string, locale: string = activeFormatLocale()): number | null {
  const cleaned = text.replace(/[\s\u00a0]|US\$|\$|€|COP|USD/gi, '');
  if (!/^\d([\d.,]*\d)?$/.test(cleaned)) return null;
  const decimal = decimalSeparatorIn(cleaned, groupSeparatorOf(locale));
  if (decimal === undefined) return null;
  const group = decimal === ',' ? '.' : decimal === '.' ? ',' : cleaned.includes('.') ? '.' : ',';
  const [whole = '', fraction, extra] = decimal ? cleaned.split(decimal) : [cleaned];
  if (extra !== undefined || (fraction ?? '').includes(group)) return null;
  // Grouped thousands are groups of three after the first.
  if (whole.includes(group) && !new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`).test(whole)) return null;
  return Number(`${whole.split(group).join('')}${fraction ? `.${fraction}` : ''}`);
}

/** Which separator marks the decimals: null when there are none, undefined when the text cannot be read. */
function decimalSeparatorIn(text: string, localGroup: string): string | null | undefined {
  const hasDot = text.includes('.');
  const hasComma = text.includes(',');
  if (hasDot && hasComma) return text.lastIndexOf(',') > text.lastIndexOf('.') ? ',' : '.'; // «1.250,50»
  if (!hasDot && !hasComma) return null;
  const separator = hasDot ? '.' : ',';
  const thousands = /^\d{1,3}([.,]\d{3})+$/.test(text);
  if (text.indexOf(separator) !== text.lastIndexOf(separator)) return thousands ? null : undefined; // «1.234.567»
  return thousands && separator === localGroup ? null : separator; // «12.500» in es-CO, «12,50»
}

/** The amount typed when it is one a money column takes (two decimals at most), else null: a price, a cost. */
export function parseMoneyInput(text: string, locale?: string): number | null {
  const value = parseAmount(text, locale);
  return value !== null && decimalsOf(value) <= 2 ? value : null;
}

/** How many decimals the amount has (for «con 2 decimales como máximo»). */
export function decimalsOf(value: number): number {
  return (String(value).split('.')[1] ?? '').length;
}
