// «Exportar Excel» and «Exportar CSV» (the list as filtered) and «Exportar archivo de pago» (every
// approved request, for the bank). All are built page by page in the browser from the database's rows.
import { FileSpreadsheet, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import type { PayoutQueueParams } from '@/api/payouts/payouts-api';
import { ExportButtons } from '@/components/export/export-buttons';
import { formatName } from '@/components/export/export-format';
import { Button } from '@/components/ui/button';
import { userMessage } from '@/lib/data/db';
import { saveFile } from '@/lib/files/csv';
import { notify } from '@/lib/feedback/notify';
import { useFormat } from '@/lib/format/use-format';
import { m } from '../messages';
import { buildList, buildPaymentFile } from '../payout-csv';

const requests = (n: number) => (n === 1 ? '1 solicitud' : `${n} solicitudes`);

export function PayoutExportButtons({ filter, listName }: { filter: Pick<PayoutQueueParams, 'statuses' | 'month'>; listName: string }) {
  const f = useFormat();
  const [busy, setBusy] = useState(false);
  const today = f.isoDate(new Date());

  const paymentFile = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { blob, count } = await buildPaymentFile(f);
      if (count === 0) {
        notify.message('No hay solicitudes aprobadas por pagar: el archivo estaría vacío.');
        return;
      }
      saveFile(blob, `archivo-de-pago-${today}.csv`);
      notify.success(`Archivo de pago con ${requests(count)} aprobadas.`);
    } catch (error) {
      notify.error(m.exportFailed, { description: userMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ExportButtons
      build={(format) => buildList(format, filter, f)}
      fileBase={`${listName}-${today}`}
      done={(count, format) => `${formatName(format)} con ${requests(count)}.`}
    >
      <Button onClick={() => void paymentFile()} disabled={busy}>
        {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <FileSpreadsheet aria-hidden="true" />}
        {busy ? m.exporting : m.exportPaymentFile}
      </Button>
    </ExportButtons>
  );
}
