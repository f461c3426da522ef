// The two buttons of every «Exportar»: «Exportar Excel» for people (real numbers, dates and the
// currency, as a Spanish-language Excel reads them) and «Exportar CSV» for machines. Both are built
// in the browser from the same rows; each button shows its own progress, neither can run twice, and
// the outcome is said in a toast (how many rows, or the database's refusal).
import { Download, FileSpreadsheet, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { userMessage } from '@/lib/data/db';
import { saveFile } from '@/lib/files/csv';
import type { BuiltFile } from '@/lib/files/export';
import type { ExportFormat } from '@/lib/files/table';
import { notify } from '@/lib/feedback/notify';

const exportLabels = {
  csv: 'Exportar CSV',
  xlsx: 'Exportar Excel',
  exporting: 'Exportando…',
  failed: 'No se pudo exportar',
} as const;

export interface ExportButtonsProps {
  /** The file of a format, or null when there is nothing to write (the toast is then the caller's). */
  build: (format: ExportFormat) => Promise<BuiltFile | null>;
  /** The file's name without its extension: `ventas-2026-11-26`. */
  fileBase: string;
  /** What the success toast says: «CSV con 12 ventas.» */
  done: (count: number, format: ExportFormat) => string;
  /** An accessible name that says what is exported («Exportar CSV del informe de octubre»). */
  label?: (format: ExportFormat) => string;
  disabled?: boolean;
  /** Extra buttons of the same family (Pagos' payment file). */
  children?: React.ReactNode;
}

export function ExportButtons({ build, fileBase, done, label, disabled = false, children }: ExportButtonsProps) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    if (busy) return;
    setBusy(format);
    try {
      const file = await build(format);
      if (!file) return;
      saveFile(file.blob, `${fileBase}.${format}`);
      notify.success(done(file.count, format));
    } catch (error) {
      notify.error(exportLabels.failed, { description: userMessage(error) });
    } finally {
      setBusy(null);
    }
  };
  const button = (format: ExportFormat) => (
    <Button variant="outline" onClick={() => void run(format)} disabled={disabled || busy !== null} aria-label={label?.(format)}>
      {busy === format ? (
        <LoaderCircle className="animate-spin" aria-hidden="true" />
      ) : format === 'xlsx' ? (
        <FileSpreadsheet aria-hidden="true" />
      ) : (
        <Download aria-hidden="true" />
      )}
      {busy === format ? exportLabels.exporting : exportLabels[format]}
    </Button>
  );
  return (
    <div className="flex flex-wrap gap-2">
      {button('xlsx')}
      {button('csv')}
      {children}
    </div>
  );
}
