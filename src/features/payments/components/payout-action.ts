import type { QueuedPayout } from '@/api/payouts/payouts-api';
import { ACTION_FAILED } from '@/components/ui/confirm-dialog';
import { toDbError } from '@/lib/data/db';
import { m } from '../messages';

/** A decision on one request, chosen in its row and confirmed in its dialog. */
export interface PayoutAction {
  kind: 'approve' | 'pay' | 'reject';
  payout: QueuedPayout;
}

/** The refusal as the database said it; when the request changed under us, also that the list is current now. */
export function refusalText(error: unknown): string {
  const e = toDbError(error);
  const sentence = e.userMessage || ACTION_FAILED;
  return e.saviaCode === 'invalid_transition' || e.saviaCode === 'payout_not_found' ? `${sentence} ${m.staleAfterRefusal}` : sentence;
}
