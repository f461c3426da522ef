// Pagos' payment files and the bank's reply. A file is a batch the database makes from exactly the
// approved requests chosen (export_payout_file) and writes again from its rows on every download
// (download_payout_batch_file): the browser only turns the text into bytes and saves them. The
// reply is read by the database too: a preview first, then the same lines applied only if nothing
// changed meanwhile (the preview's digest).
import { unwrap, type Page } from '@/lib/data/db';
import { oneOf, PAYOUT_LAYOUTS, REPLY_ACTIONS, type PayoutLayout, type ReplyAction } from '@/lib/data/domain';
import { supabase } from '@/lib/data/supabase';

export interface PayoutBatch {
  id: string;
  batch_no: number;
  layout: PayoutLayout;
  application_date: string;
  payout_count: number;
  total_amount: number;
  created_at: string;
  created_by_email: string | null;
  download_count: number;
  last_downloaded_at: string | null;
  voided_at: string | null;
  void_reason: string | null;
  /** Lines waiting for the bank, paid, returned by the bank, voided. */
  waiting: number;
  paid: number;
  failed: number;
  voided: number;
}

export interface BatchFile {
  file_name: string;
  content: string;
  encoding: 'ISO-8859-1' | 'UTF-8';
  media_type: string;
  batch_no: number;
  payout_count: number;
  total_amount: number;
  download_count: number;
}

export interface ReplyLine {
  line_no: number;
  reference: string;
  payout_id: string | null;
  client_name: string | null;
  amount: number | null;
  file_amount: number | null;
  batch_no: number | null;
  action: ReplyAction;
  message: string;
}

export interface ReplyPreview {
  lines: ReplyLine[];
  /** Identifies this preview: applying it is refused if the database would now do something else. */
  digest: string;
}

export const PAYOUT_BATCHES_PAGE_SIZE = 10;

export async function fetchPayoutBatches(page: number, signal: AbortSignal, pageSize = PAYOUT_BATCHES_PAGE_SIZE): Promise<Page<PayoutBatch>> {
  const rows = await unwrap(supabase.rpc('get_payout_batches', { p_page: page, p_page_size: pageSize }).abortSignal(signal));
  return {
    rows: rows.map(({ total: _total, ...b }) => ({
      ...b,
      layout: oneOf(PAYOUT_LAYOUTS, b.layout),
      created_by_email: b.created_by_email as string | null,
      last_downloaded_at: b.last_downloaded_at as string | null,
      voided_at: b.voided_at as string | null,
      void_reason: b.void_reason as string | null,
    })),
    total: rows[0]?.total ?? 0,
  };
}

/** The files a bank reply may answer: the newest 50 not voided (those with lines waiting say so). */
export async function fetchReplyableBatches(signal: AbortSignal): Promise<PayoutBatch[]> {
  return (await fetchPayoutBatches(1, signal, 50)).rows.filter((b) => !b.voided_at);
}

/** Makes the batch; refused whole if any request is not approved or already waits in another file. */
export async function exportPayoutFile(input: { payoutIds: string[]; layout: PayoutLayout }) {
  return unwrap(supabase.rpc('export_payout_file', { p_payout_ids: input.payoutIds, p_layout: input.layout }));
}

export async function downloadPayoutBatchFile(batchId: string): Promise<BatchFile> {
  const file = await unwrap(supabase.rpc('download_payout_batch_file', { p_batch_id: batchId }).single());
  return { ...file, encoding: file.encoding === 'ISO-8859-1' ? 'ISO-8859-1' : 'UTF-8' };
}

export async function voidPayoutBatch(input: { batchId: string; reason: string }) {
  return unwrap(supabase.rpc('void_payout_batch', { p_batch_id: input.batchId, p_reason: input.reason }));
}

type ReplyRow = Awaited<ReturnType<typeof previewRows>>[number];
/** A reply answers one file, which the person names: a line about a request now in another file is refused. */
const previewRows = (file: string, batchNo: number) => unwrap(supabase.rpc('preview_payout_reply', { p_file: file, p_batch_no: batchNo }));

const toLine = (r: ReplyRow): ReplyLine => ({
  line_no: r.line_no,
  reference: r.reference,
  payout_id: r.payout_id as string | null,
  client_name: r.client_name as string | null,
  amount: r.amount as number | null,
  file_amount: r.file_amount as number | null,
  batch_no: r.batch_no as number | null,
  action: oneOf(REPLY_ACTIONS, r.action),
  message: r.message,
});

export async function previewPayoutReply(input: { file: string; batchNo: number }): Promise<ReplyPreview> {
  const rows = await previewRows(input.file, input.batchNo);
  return { lines: rows.map(toLine), digest: rows[0]?.digest ?? '' };
}

export async function applyPayoutReply(input: { file: string; digest: string; batchNo: number }): Promise<ReplyLine[]> {
  const rows = await unwrap(supabase.rpc('apply_payout_reply', { p_file: input.file, p_digest: input.digest, p_batch_no: input.batchNo }));
  return rows.map(toLine);
}
