// «Exportar Excel» and «Exportar CSV»: the list as filtered, built page by page in the browser from
// the database's rows. (The bank's file is «Exportar archivo de pago», a batch the database makes in
// the bank's layout: export-file-dialog.)
import type { PayoutQueueParams } from '@/api/payouts/payouts-api';
import { ExportButtons } from '@/components/export/export-buttons';
import { formatName } from '@/components/export/export-format';
import { useFormat } from '@/lib/format/use-format';
import { buildList } from '../payout-csv';

const requests = (n: number) => (n === 1 ? '1 solicitud' : `${n} solicitudes`);

export function PayoutExportButtons({ filter, listName }: { filter: Pick<PayoutQueueParams, 'statuses' | 'month'>; listName: string }) {
  const f = useFormat();
  return (
    <ExportButtons
      build={(format) => buildList(format, filter, f)}
      fileBase={`${listName}-${f.isoDate(new Date())}`}
      done={(count, format) => `${formatName(format)} con ${requests(count)}.`}
    />
  );
}
