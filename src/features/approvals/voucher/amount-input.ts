// What an approver types as the voucher's amount («38,00», «38.00», «1.234,50», «$ 1,234.50») read
// as a number for the database, which judges it (more than 0, two decimals at most). Nothing is
// computed here: this only reads what the person wrote.

/** The number typed, or null when it cannot be read as one amount. */
export function parseAmountInput(text: string): number | null {
  const cleaned = text.replace(/[\s$€]|US|COP|USD/gi, '');
  if (!/^\d[\d.,]*$/.test(cleaned)) return null;
  const lastComma = cleaned.lastIndexOf(',');
  const lastDot = cleaned.lastIndexOf('.');
  let normalized: string;
  if (lastComma >= 0 && lastDot >= 0) {
    // Both: the last one is the decimal separator, the other groups thousands.
    const decimal = lastComma > lastDot ? ',' : '.';
    const group = decimal === ',' ? '.' : ',';
    if (cleaned.indexOf(decimal) !== cleaned.lastIndexOf(decimal)) return null;
    normalized = cleaned.split(group).join('').replace(decimal, '.');
  } else {
    const separator = lastComma >= 0 ? ',' : lastDot >= 0 ? '.' : null;
    if (separator === null) normalized = cleaned;
    else if (cleaned.indexOf(separator) === cleaned.lastIndexOf(separator) && !(separator === '.' && /^\d{1,3}\.\d{3}$/.test(cleaned))) {
      // One separator: the decimals, as money is written here («38,00»), except «1.234» (thousands).
      normalized = cleaned.replace(separator, '.');
    } else {
      // «1.234» or «1.234.567»: thousands groups, each of three digits.
      if (!new RegExp(`^\\d{1,3}(\\${separator}\\d{3})+$`).test(cleaned)) return null;
      normalized = cleaned.split(separator).join('');
    }
  }
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}
