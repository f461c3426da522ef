// Loaded on the click of «Descargar PDF» (with pdfmake, through the receipt's loader).
import { loadPdfMake } from '@/components/receipt/load-pdfmake';
import { saveFile } from '@/lib/files/csv';
import { buildAnalysisDocument, type AnalysisDocumentInput } from './analysis-document';
import { analysisFileName } from './analysis-text';

export async function downloadAnalysis(input: AnalysisDocumentInput): Promise<void> {
  const pdfMake = await loadPdfMake();
  const blob = await pdfMake.createPdf(buildAnalysisDocument(input)).getBlob();
  saveFile(blob, analysisFileName(input.member.name, input.f.isoDate(input.analysis.created_at)));
}
