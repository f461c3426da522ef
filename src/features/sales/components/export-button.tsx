import type { SalesFilter } from '@/api/sales-admin/sales-admin-api';
import { ExportButtons } from '@/components/export/export-buttons';
import { formatName } from '@/components/export/export-format';
import { useFormat } from '@/lib/format/use-format';
import { m } from '../messages';
import { buildSalesExport } from '../sales-csv';

const sales = (n: number, f: (n: number) => string) => (n === 1 ? '1 venta' : `${f(n)} ventas`);

/** «Exportar Excel» and «Exportar CSV» of exactly the filtered sales. */
export function ExportButton({ filter }: { filter: SalesFilter }) {
  const f = useFormat();
  return (
    <ExportButtons
      build={(format) => buildSalesExport(format, filter, f)}
      fileBase={`ventas-${f.isoDate(new Date())}`}
      done={(count, format) => m.exported(formatName(format), sales(count, f.count))}
    />
  );
}
