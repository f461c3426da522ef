/** The company's payment details, one per line (the setting is free text). */
export function paymentLines(details: string): string[] {
  return details
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** `comprobante-venta-123.pdf`. */
export function receiptFileName(saleNo: number): string {
  return `comprobante-venta-${saleNo}.pdf`;
}
