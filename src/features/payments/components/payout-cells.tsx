// What a row of Pagos shows in each cell.
import { TriangleAlert } from 'lucide-react';
import type { QueuedPayout } from '@/api/payouts/payouts-api';
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
      <span className="text-xs [overflow-wrap:anywhere] text-muted-foreground">
        <EmailWithBreak email={payout.client_email} />
      </span>
      {payout.client_document && <span className="text-xs text-muted-foreground">{payout.client_document}</span>}
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

export function PaymentDetails({ details }: { details: string | null }) {
  if (!details)
    return (
      <Badge tone="amber">
        <TriangleAlert aria-hidden="true" />
        {m.noPaymentDetails}
      </Badge>
    );
  return <span className="block max-w-56 text-sm break-words whitespace-pre-line max-sm:max-w-none">{details}</span>;
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
