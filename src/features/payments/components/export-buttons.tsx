// «Exportar CSV»: the list as filtered, built page by page in the browser from the database's rows.
// (The bank's file is «Exportar archivo de pago», a batch the database makes: export-file-dialog.)
import { Download, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import type { PayoutQueueParams } from '@/api/payouts/payouts-api';
import { Button } from '@/components/ui/button';
import { saveFile } from '@/lib/files/csv';
import { userMessage } from '@/lib/data/db';
import { notify } from '@/lib/feedback/notify';
import { useFormat } from '@/lib/format/use-format';
import { m } from '../messages';
import { buildListCsv } from '../payout-csv';

const requests = (n: number) => (n === 1 ? '1 solicitud' : `${n} solicitudes`);

export function ExportButtons({ filter, listName }: { filter: Pick<PayoutQueueParams, 'statuses' | 'month'>; listName: string }) {
  const f = useFormat();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { blob, count } = await buildListCsv(filter, f);
      saveFile(blob, `${listName}-${f.isoDate(new Date())}.csv`);
      notify.success(`CSV con ${requests(count)}.`);
    } catch (error) {
      notify.error(m.exportFailed, { description: userMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="outline" onClick={() => void run()} disabled={busy}>
      {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
      {busy ? m.exportingList : m.exportCsv}
    </Button>
  );
}
