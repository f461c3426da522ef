// The account a request goes to, in the dialogs that approve or pay it, with what finance must
// notice before money moves: a change of account since the member's last payout, another holder.
import { TriangleAlert } from 'lucide-react';
import type { QueuedPayout } from '@/api/payouts/payouts-api';
import { accountLine, documentLine } from '@/components/payout-account/account-text';
import { m } from '../messages';

export function AccountFacts({ payout }: { payout: QueuedPayout }) {
  const a = payout.account;
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg border bg-muted/40 p-3 text-sm">
        <dt className="text-muted-foreground">Cuenta</dt>
        <dd className="break-words whitespace-pre-line">
          {a ? accountLine({ institution: a.institution, type: a.type, number: a.number }) : (payout.payment_details ?? m.noAccount)}
        </dd>
        {a && (
          <>
            <dt className="text-muted-foreground">Titular</dt>
            <dd>
              {a.holder} · {documentLine(a.document_type, a.document)}
            </dd>
          </>
        )}
      </dl>
      {payout.account_changed_days !== null && (
        <p className="flex items-start gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm" role="note">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {m.accountChangedWarning(payout.account_changed_days, payout.client_name)}
        </p>
      )}
      {a && !a.holder_is_member && <p className="text-sm text-muted-foreground">{m.otherHolderNote}</p>}
    </div>
  );
}
