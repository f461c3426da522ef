// Saves a payment file the database wrote (download_payout_batch_file) as the browser's download.
import type { BatchFile } from '@/api/payouts/payout-files-api';
import { saveFile } from '@/lib/files/csv';
import { encodeBatchFile } from './file-bytes';

export function saveBatchFile(file: BatchFile) {
  const bytes = encodeBatchFile(file.content, file.encoding);
  const charset = file.encoding === 'UTF-8' ? 'utf-8' : 'iso-8859-1';
  saveFile(new Blob([bytes as BlobPart], { type: `${file.media_type};charset=${charset}` }), file.file_name);
}
