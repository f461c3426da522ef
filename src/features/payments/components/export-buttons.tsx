// «Exportar CSV» (the list as filtered) and «Exportar archivo de pago» (every approved request, for
// the bank). Both are built page by page in the browser from the database's rows.
import { Download, FileSpreadsheet, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import type { PayoutQueueParams } from '@/api/payouts/payouts-api';
import { Button } from '@/components/ui/button';
import { saveFile } from '@/lib/files/csv';
import { userMessage } from '@/lib/data/db';
import { notify } from '@/lib/feedback/notify';
import { useFormat } from '@/lib/format/use-format';
import { m } from '../messages';
import { buildListCsv, buildPaymentFile } from '../payout-csv';

const requests = (n: number) => (n === 1 ? '1 solicitud' : `${n} solicitudes`);

export function ExportButtons({ filter, listName }: { filter: Pick<PayoutQueueParams, 'statuses' | 'month'>; listName: string }) {
  const f = useFormat();
  const [busy, setBusy] = useState<'list' | 'file' | null>(null);

  const run = async (which: 'list' | 'file') => {
    if (busy) return;
    setBusy(which);
    try {
      const today = f.isoDate(new Date());
      if (which === 'file') {
        const { blob, count } = await buildPaymentFile(f);
        if (count === 0) {
          notify.message('No hay solicitudes aprobadas por pagar: el archivo estaría vacío.');
          return;
        }
        saveFile(blob, `archivo-de-pago-${today}.csv`);
        notify.success(`Archivo de pago con ${requests(count)} aprobadas.`);
      } else {
        const { blob, count } = await buildListCsv(filter, f);
        saveFile(blob, `${listName}-${today}.csv`);
        notify.success(`CSV con ${requests(count)}.`);
      }
    } catch (error) {
      notify.error(m.exportFailed, { description: userMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" onClick={() => void run('list')} disabled={busy !== null}>
        {busy === 'list' ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
        {busy === 'list' ? m.exporting : m.exportCsv}
      </Button>
      <Button onClick={() => void run('file')} disabled={busy !== null}>
        {busy === 'file' ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <FileSpreadsheet aria-hidden="true" />}
        {busy === 'file' ? m.exporting : m.exportPaymentFile}
      </Button>
    </div>
  );
}
