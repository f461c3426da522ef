// Pagos' list as filtered, as an Excel file for people or a CSV, built page by page from
// get_payout_queue with the account each request goes to; each column written by its kind
// (src/lib/files: text never runs as a formula there, and the database refuses it besides). The
// bank's file is a batch the database writes in the bank's layout (export_payout_file,
// download_payout_batch_file), never from these columns.
import { fetchPayoutQueue, PAYOUT_QUEUE_MAX_PAGE, type PayoutQueueParams, type QueuedPayout } from '@/api/payouts/payouts-api';
import { payoutAccountTypeLabels, payoutStatusLabels } from '@/lib/data/domain';
import { buildExport } from '@/lib/files/export';
import type { ExportColumn, ExportContext, ExportFormat } from '@/lib/files/table';

export const LIST_COLUMNS = (currency: string): ExportColumn<QueuedPayout>[] => [
  { header: 'Solicitud', kind: 'text', value: (p) => p.id },
  { header: 'Solicitada', kind: 'instant', value: (p) => p.requested_at },
  { header: 'Miembro', kind: 'text', value: (p) => p.client_name },
  { header: 'Correo', kind: 'text', value: (p) => p.client_email },
  { header: 'Documento', kind: 'text', value: (p) => p.client_document },
  { header: 'Importe', kind: 'money', value: (p) => p.amount },
  { header: 'Moneda', kind: 'text', value: () => currency },
  { header: 'Estado', kind: 'text', value: (p) => payoutStatusLabels[p.status] },
  { header: 'Referencia de la solicitud', kind: 'text', value: (p) => p.reference },
  { header: 'Banco o billetera', kind: 'text', value: (p) => p.account?.institution },
  { header: 'Tipo de cuenta', kind: 'text', value: (p) => (p.account ? payoutAccountTypeLabels[p.account.type] : null) },
  { header: 'Número de cuenta', kind: 'text', value: (p) => p.account?.number },
  { header: 'Titular', kind: 'text', value: (p) => p.account?.holder },
  { header: 'Documento del titular', kind: 'text', value: (p) => (p.account ? `${p.account.document_type} ${p.account.document}` : null) },
  { header: 'Cuenta cambiada hace (días)', kind: 'integer', value: (p) => p.account_changed_days },
  { header: 'Archivo de pago', kind: 'integer', value: (p) => p.open_batch?.batch_no },
  { header: 'Motivo del banco', kind: 'text', value: (p) => p.bank_reason },
  { header: 'Datos de pago', kind: 'text', value: (p) => p.payment_details },
  { header: 'Decidida', kind: 'instant', value: (p) => p.decided_at },
  { header: 'Pagada', kind: 'instant', value: (p) => p.paid_at },
  { header: 'Referencia del pago', kind: 'text', value: (p) => p.payment_reference },
  { header: 'Motivo del rechazo', kind: 'text', value: (p) => p.rejection_reason },
  { header: 'Saldo disponible', kind: 'money', value: (p) => p.available },
];

type QueueFilter = Pick<PayoutQueueParams, 'statuses' | 'month'>;
type FetchQueue = (p: PayoutQueueParams, signal: AbortSignal) => ReturnType<typeof fetchPayoutQueue>;

/** The queue page after page (the cursor is the next page's number). */
export function queuePages(filter: QueueFilter, fetchPage: FetchQueue = fetchPayoutQueue, pageSize = PAYOUT_QUEUE_MAX_PAGE) {
  const signal = new AbortController().signal;
  return async (cursor: number | null) => {
    const page = cursor ?? 1;
    const { rows, total } = await fetchPage({ ...filter, page, pageSize }, signal);
    return { rows, next: page * pageSize < total && rows.length > 0 ? page + 1 : null };
  };
}

/** The list exactly as filtered. */
export function buildList(format: ExportFormat, filter: QueueFilter, ctx: ExportContext, fetchPage?: FetchQueue) {
  return buildExport(format, 'Pagos', LIST_COLUMNS(ctx.currency), queuePages(filter, fetchPage), ctx);
}
