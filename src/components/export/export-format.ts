// What an export's format is called in a sentence («CSV con 12 ventas.», «Excel con 1 venta.»). Kept
// out of export-buttons.tsx: fast refresh wants a component's file to export only components.
import type { ExportFormat } from '@/lib/files/table';

const FORMAT_NAMES: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'Excel' };
export const formatName = (format: ExportFormat) => FORMAT_NAMES[format];
