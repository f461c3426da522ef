// pdfmake and its fonts weigh about 3 MB: they are fetched on the click that asks for a receipt,
// never with the page (each route's first load has a budget).
import { saveFile } from '@/lib/csv';
import { buildReceipt, type ReceiptInput } from './receipt-document';
import { receiptFileName } from './receipt-text';

type PdfMake = typeof import('pdfmake/build/pdfmake');

async function loadPdfMake(): Promise<PdfMake> {
  const [pdfMakeModule, fontsModule] = await Promise.all([import('pdfmake/build/pdfmake'), import('pdfmake/build/vfs_fonts')]);
  // Both are CommonJS bundles: the module object or its default, depending on the bundler's interop.
  const pdfMake = ((pdfMakeModule as { default?: PdfMake }).default ?? pdfMakeModule) as PdfMake;
  const vfs = (fontsModule as { default?: unknown }).default ?? fontsModule;
  pdfMake.addVirtualFileSystem(vfs as Parameters<PdfMake['addVirtualFileSystem']>[0]);
  return pdfMake;
}

/** Builds the receipt and hands it to the browser's downloads as comprobante-venta-<n.º>.pdf. */
export async function downloadReceipt(input: ReceiptInput): Promise<void> {
  const pdfMake = await loadPdfMake();
  const blob = await pdfMake.createPdf(buildReceipt(input)).getBlob();
  saveFile(blob, receiptFileName(input.sale.sale_no));
}
