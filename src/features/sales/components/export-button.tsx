import { Download, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import type { SalesFilter } from '@/api/sales-admin/sales-admin-api';
import { Button } from '@/components/ui/button';
import { saveFile } from '@/lib/files/csv';
import { userMessage } from '@/lib/data/db';
import { notify } from '@/lib/feedback/notify';
import { useFormat } from '@/lib/format/use-format';
import { m } from '../messages';
import { buildSalesCsv } from '../sales-csv';

const sales = (n: number, f: (n: number) => string) => (n === 1 ? '1 venta' : `${f(n)} ventas`);

export function ExportButton({ filter }: { filter: SalesFilter }) {
  const f = useFormat();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { blob, count } = await buildSalesCsv(filter, f);
      saveFile(blob, `ventas-${f.isoDate(new Date())}.csv`);
      notify.success(m.exported(sales(count, f.count)));
    } catch (error) {
      notify.error(m.exportFailed, { description: userMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={() => void run()} disabled={busy}>
      {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
      {busy ? m.exporting : m.exportCsv}
    </Button>
  );
}
