// The CSV of Pagos' list as filtered, built page by page from get_payout_queue (src/lib/csv.ts: UTF-8
// with BOM, RFC 4180, ISO dates, plain decimals). The bank's file is a batch the database writes
// (export_payout_file, download_payout_batch_file).
import { fetchPayoutQueue, PAYOUT_QUEUE_MAX_PAGE, type PayoutQueueParams, type QueuedPayout } from '@/api/payouts/payouts-api';
import { buildCsv, type CsvValue } from '@/lib/files/csv';
import { payoutAccountTypeLabels, payoutStatusLabels } from '@/lib/data/domain';
import type { Formatters } from '@/lib/format/format';

type CsvFormats = Pick<Formatters, 'csvDecimal' | 'isoDateTime' | 'currency'>;

export const LIST_HEADER = [
  'Solicitud',
  'Solicitada',
  'Miembro',
  'Correo',
  'Documento',
  'Importe',
  'Moneda',
  'Estado',
  'Referencia de la solicitud',
  'Banco o billetera',
  'Tipo de cuenta',
  'Número de cuenta',
  'Titular',
  'Documento del titular',
  'Datos de pago',
  'Decidida',
  'Pagada',
  'Referencia del pago',
  'Motivo del rechazo',
  'Saldo disponible',
] as const;

export function listRow(p: QueuedPayout, f: CsvFormats): CsvValue[] {
  const instant = (value: string | null) => (value ? f.isoDateTime(value) : null);
  return [
    p.id,
    instant(p.requested_at),
    p.client_name,
    p.client_email,
    p.client_document,
    f.csvDecimal(p.amount),
    f.currency,
    payoutStatusLabels[p.status],
    p.reference,
    p.account?.institution,
    p.account ? payoutAccountTypeLabels[p.account.type] : null,
    p.account?.number,
    p.account?.holder,
    p.account ? `${p.account.document_type} ${p.account.document}` : null,
    p.payment_details,
    instant(p.decided_at),
    instant(p.paid_at),
    p.payment_reference,
    p.rejection_reason,
    f.csvDecimal(p.available),
  ];
}

type QueueFilter = Pick<PayoutQueueParams, 'statuses' | 'month'>;
type FetchQueue = (p: PayoutQueueParams, signal: AbortSignal) => ReturnType<typeof fetchPayoutQueue>;

/** The queue page after page (the cursor is the next page's number), as buildCsv reads a source. */
export function queuePages(filter: QueueFilter, fetchPage: FetchQueue = fetchPayoutQueue, pageSize = PAYOUT_QUEUE_MAX_PAGE) {
  const signal = new AbortController().signal;
  return async (cursor: number | null) => {
    const page = cursor ?? 1;
    const { rows, total } = await fetchPage({ ...filter, page, pageSize }, signal);
    return { rows, next: page * pageSize < total && rows.length > 0 ? page + 1 : null };
  };
}

/** The list exactly as filtered. */
export async function buildListCsv(filter: QueueFilter, f: CsvFormats, fetchPage?: FetchQueue) {
  let count = 0;
  const blob = await buildCsv(LIST_HEADER, queuePages(filter, fetchPage), (p) => {
    count += 1;
    return listRow(p, f);
  });
  return { blob, count };
}
