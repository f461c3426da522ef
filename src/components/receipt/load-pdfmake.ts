// pdfmake and its fonts weigh about 3 MB: they are fetched on the click that asks for a PDF (a receipt,
// a health analysis), never with the page (each route's first load has a budget).
export type PdfMake = typeof import('pdfmake/build/pdfmake');

export async function loadPdfMake(): Promise<PdfMake> {
  const [pdfMakeModule, fontsModule] = await Promise.all([import('pdfmake/build/pdfmake'), import('pdfmake/build/vfs_fonts')]);
  // Both are CommonJS bundles: the module object or its default, depending on the bundler's interop.
  const pdfMake = ((pdfMakeModule as { default?: PdfMake }).default ?? pdfMakeModule) as PdfMake;
  const vfs = (fontsModule as { default?: unknown }).default ?? fontsModule;
  pdfMake.addVirtualFileSystem(vfs as Parameters<PdfMake['addVirtualFileSystem']>[0]);
  return pdfMake;
}
