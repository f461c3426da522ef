// What a row of Pagos shows in each cell.
import { FileClock, TriangleAlert } from 'lucide-react';
import type { QueuedPayout } from '@/api/payouts/payouts-api';
import { accountLine, documentLine } from '@/components/payout-account/account-text';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/lib/format/use-format';
import { m } from '../messages';
import type { PayoutAction } from './payout-action';

export function Money({ value, strong = false }: { value: number; strong?: boolean }) {
  const f = useFormat();
  return <span className={strong ? 'font-semibold' : 'text-muted-foreground'}>{f.money(value)}</span>;
}

export function When({ value }: { value: string | null }) {
  const f = useFormat();
  return value ? (
    <time dateTime={value} className="whitespace-nowrap">
      {f.date(value)}
    </time>
  ) : null;
}

export function Member({ payout }: { payout: QueuedPayout }) {
  return (
    <div className="flex min-w-0 flex-col max-sm:items-end sm:min-w-44">
      <span className="font-medium">{payout.client_name}</span>
      <span className="text-xs text-muted-foreground">{payout.reference}</span>
      <span className="text-xs [overflow-wrap:anywhere] text-muted-foreground">
        <EmailWithBreak email={payout.client_email} />
      </span>
    </div>
  );
}

/** A long address wraps before its «@» rather than in the middle of a word. */
function EmailWithBreak({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** Where the money goes: the account it was approved with (or, pending, the member's current one), and what finance must notice. */
export function Account({ payout }: { payout: QueuedPayout }) {
  const a = payout.account;
  if (!a)
    return payout.payment_details ? (
      <span className="block max-w-56 text-sm break-words whitespace-pre-line max-sm:max-w-none">{payout.payment_details}</span>
    ) : (
      <Badge tone="amber">
        <TriangleAlert aria-hidden="true" />
        {m.noAccount}
      </Badge>
    );
  return (
    <div className="flex max-w-64 min-w-0 flex-col gap-0.5 text-sm max-sm:max-w-none max-sm:items-end">
      <span className="font-medium break-words">{accountLine({ institution: a.institution, type: a.type, number: a.number })}</span>
      <span className="text-xs text-muted-foreground">
        {a.holder} · {documentLine(a.document_type, a.document)}
      </span>
      {payout.account_changed_days !== null && (
        <Badge tone="amber" className="w-fit">
          <TriangleAlert aria-hidden="true" />
          {m.accountChanged(payout.account_changed_days)}
        </Badge>
      )}
      {!a.holder_is_member && (
        <Badge tone="amber" className="w-fit">
          {m.otherHolder}
        </Badge>
      )}
      {payout.bank_reason && <span className="text-xs font-medium text-destructive">{m.bankReturned(payout.bank_reason)}</span>}
    </div>
  );
}

/** The member's available balance, said for what it is: after this request was reserved (or paid, or given back). */
export function Available({ payout }: { payout: QueuedPayout }) {
  const f = useFormat();
  return (
    <div className="flex flex-col items-end">
      <span className="text-muted-foreground tabular-nums">{f.money(payout.available)}</span>
      <span className="text-xs text-muted-foreground">{m.availableAfter[payout.status]}</span>
    </div>
  );
}

export function Outcome({ payout }: { payout: QueuedPayout }) {
  if (payout.status === 'paid')
    return (
      <div className="flex flex-col max-sm:items-end">
        <When value={payout.paid_at} />
        <span className="text-xs text-muted-foreground">Ref. {payout.payment_reference}</span>
      </div>
    );
  if (payout.status === 'rejected')
    return (
      <div className="flex flex-col max-sm:items-end">
        <When value={payout.decided_at} />
        <span className="max-w-64 text-xs break-words text-muted-foreground max-sm:max-w-none">{payout.rejection_reason}</span>
      </div>
    );
  return <When value={payout.decided_at} />;
}

export function RequestedAndApproved({ payout }: { payout: QueuedPayout }) {
  const f = useFormat();
  return (
    <div className="flex flex-col max-sm:items-end">
      <When value={payout.requested_at} />
      {payout.decided_at && <span className="text-xs whitespace-nowrap text-muted-foreground">Aprobada el {f.date(payout.decided_at)}</span>}
    </div>
  );
}

export function Actions({ payout, onAction }: { payout: QueuedPayout; onAction: (action: PayoutAction) => void }) {
  // Every row has the same buttons: their names say whose request (the space stays outside the
  // hidden text, so every name computation keeps it).
  const who = (
    <>
      {' '}
      <span className="sr-only">la solicitud de {payout.client_name}</span>
    </>
  );
  // In a payment file waiting for the bank: its answer (or voiding the file) decides, not a button here.
  if (payout.open_batch)
    return (
      <Badge tone="blue" className="ml-auto">
        <FileClock aria-hidden="true" />
        {m.inBatch(payout.open_batch.batch_no)}
      </Badge>
    );
  return (
    <div className="flex flex-wrap justify-end gap-2 sm:flex-nowrap">
      {payout.status === 'pending' && (
        <Button size="sm" onClick={() => onAction({ kind: 'approve', payout })}>
          {m.approve}
          {who}
        </Button>
      )}
      {payout.status === 'approved' && (
        <Button size="sm" onClick={() => onAction({ kind: 'pay', payout })}>
          {m.pay}
          <span className="sr-only">: la solicitud de {payout.client_name}</span>
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={() => onAction({ kind: 'reject', payout })}>
        {m.reject}
        {who}
      </Button>
    </div>
  );
}
