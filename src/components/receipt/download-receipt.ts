import { saveFile } from '@/lib/files/csv';
import { loadPdfMake } from './load-pdfmake';
import { buildReceipt, type ReceiptInput } from './receipt-document';
import { receiptFileName } from './receipt-text';

/** Builds the receipt and hands it to the browser's downloads as comprobante-venta-<n.º>.pdf. */
export async function downloadReceipt(input: ReceiptInput): Promise<void> {
  const pdfMake = await loadPdfMake();
  const blob = await pdfMake.createPdf(buildReceipt(input)).getBlob();
  saveFile(blob, receiptFileName(input.sale.sale_no));
}
