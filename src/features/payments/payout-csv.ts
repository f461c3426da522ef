// The two files Pagos gives: the bank's payment file (the approved requests: who, which document,
// how much, to which account, and the request's id to match the bank's answer; a CSV, since a bank
// reads it) and the list as filtered, as an Excel file for people or a CSV. Both are built page by
// page from get_payout_queue, each column written by its kind (src/lib/files: text never runs as a
// formula there, and the database refuses it in the payment details besides).
import { fetchPayoutQueue, PAYOUT_QUEUE_MAX_PAGE, type PayoutQueueParams, type QueuedPayout } from '@/api/payouts/payouts-api';
import { payoutStatusLabels } from '@/lib/data/domain';
import { buildCsv } from '@/lib/files/csv';
import { buildExport } from '@/lib/files/export';
import type { ExportColumn, ExportContext, ExportFormat } from '@/lib/files/table';

export const PAYMENT_FILE_COLUMNS = (currency: string): ExportColumn<QueuedPayout>[] => [
  { header: 'Solicitud', kind: 'text', value: (p) => p.id },
  { header: 'Beneficiario', kind: 'text', value: (p) => p.client_name },
  { header: 'Documento', kind: 'text', value: (p) => p.client_document },
  { header: 'Correo', kind: 'text', value: (p) => p.client_email },
  { header: 'Importe', kind: 'money', value: (p) => p.amount },
  { header: 'Moneda', kind: 'text', value: () => currency },
  { header: 'Datos de pago', kind: 'text', value: (p) => p.payment_details },
];

export const LIST_COLUMNS = (currency: string): ExportColumn<QueuedPayout>[] => [
  { header: 'Solicitud', kind: 'text', value: (p) => p.id },
  { header: 'Solicitada', kind: 'instant', value: (p) => p.requested_at },
  { header: 'Miembro', kind: 'text', value: (p) => p.client_name },
  { header: 'Correo', kind: 'text', value: (p) => p.client_email },
  { header: 'Documento', kind: 'text', value: (p) => p.client_document },
  { header: 'Importe', kind: 'money', value: (p) => p.amount },
  { header: 'Moneda', kind: 'text', value: () => currency },
  { header: 'Estado', kind: 'text', value: (p) => payoutStatusLabels[p.status] },
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

/** The approved requests, for the bank; resolves to the file and how many requests it holds. */
export function buildPaymentFile(ctx: ExportContext, fetchPage?: FetchQueue) {
  return buildCsv(PAYMENT_FILE_COLUMNS(ctx.currency), queuePages({ statuses: ['approved'], month: null }, fetchPage), ctx);
}

/** The list exactly as filtered. */
export function buildList(format: ExportFormat, filter: QueueFilter, ctx: ExportContext, fetchPage?: FetchQueue) {
  return buildExport(format, 'Pagos', LIST_COLUMNS(ctx.currency), queuePages(filter, fetchPage), ctx);
}
