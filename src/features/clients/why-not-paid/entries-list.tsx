import { ReceiptText } from 'lucide-react';
import type { WhyEntry, WhyNotPaid } from '@/api/clients-why/why-api';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ledgerTypeLabels, LEDGER_TYPES, type LedgerType } from '@/lib/data/domain';
import { formatMonth } from '@/lib/format/format';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { whyMessages as m } from './messages';

const tones: Record<WhyEntry['state'], BadgeTone> = { pendiente: 'amber', disponible: 'green', anulada: 'red', revertida: 'gray' };
const typeLabel = (type: string) => ((LEDGER_TYPES as readonly string[]).includes(type) ? ledgerTypeLabels[type as LedgerType] : type);

/** What the entry paid for, from its fields; the engine's sentence where a type has no better one. */
function whatFor(e: WhyEntry, month: string): string {
  const who = e.source_client_name ?? m.someone;
  const sale = m.saleRef(e.sale_no);
  switch (e.type) {
    case 'commission_purchase':
      return m.purchaseBy(who, sale, e.generation);
    case 'commission_enrollment':
      return m.enrolmentOf(who, sale);
    case 'bonus_starter':
      return m.starterFor(who, sale);
    case 'bonus_volume':
      return m.volumeOf(formatMonth(month));
    default:
      return e.explanation;
  }
}

function Entry({ entry: e, why }: { entry: WhyEntry; why: WhyNotPaid }) {
  const fmt = useFormat();
  const struck = e.state === 'anulada' || e.state === 'revertida';
  return (
    <li className="flex flex-col gap-1 py-3" data-testid="why-entry" data-state={e.state}>
      <div className="flex items-start justify-between gap-3">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="text-sm font-medium">{typeLabel(e.type)}</span>
          <Badge tone={tones[e.state]}>{m.states[e.state]}</Badge>
        </div>
        <p
          className={cn('shrink-0 font-semibold whitespace-nowrap tabular-nums', struck ? 'text-muted-foreground line-through' : 'text-tone-green-foreground')}
        >
          +{fmt.money(e.amount)}
          {struck && <span className="sr-only"> {m.notCounted}</span>}
        </p>
      </div>
      <p className="text-sm">{whatFor(e, why.month)}</p>
      {e.state === 'anulada' && e.reversal && (
        <p className="text-sm font-medium text-tone-red-foreground" data-testid="why-forfeit">
          {m.forfeitAt(formatMonth(why.month), fmt.points(why.personal_points), fmt.points(why.activity_points))}
        </p>
      )}
      {e.state === 'revertida' && e.reversal && (
        <p className="text-sm font-medium text-muted-foreground" data-testid="why-reversal">
          {m.cancelledSale(e.sale_no, fmt.date(e.reversal.cancelled_at ?? e.reversal.created_at), e.reversal.cancellation_reason ?? e.reversal.reason)}
        </p>
      )}
      <time dateTime={e.created_at} className="text-xs text-muted-foreground">
        {fmt.dateTime(e.created_at)}
      </time>
    </li>
  );
}

/** Every commission and bonus of the month, with what became of it and why. */
export function EntriesList({ why }: { why: WhyNotPaid }) {
  return (
    <Card data-testid="why-entries">
      <CardHeader>
        <CardTitle>{m.entries}</CardTitle>
      </CardHeader>
      <CardContent>
        {why.entries.length === 0 ? (
          <EmptyState icon={ReceiptText} title={m.noEntries} description={m.noEntriesHint} className="py-6" />
        ) : (
          <ul className="divide-y">
            {why.entries.map((e) => (
              <Entry key={e.id} entry={e} why={why} />
            ))}
          </ul>
        )}
        {why.entries_more && <p className="text-xs text-muted-foreground">{m.capped(why.entries.length)}</p>}
      </CardContent>
    </Card>
  );
}

export function EntriesListSkeleton() {
  return (
    <Card>
      <CardHeader>
        <Skeleton className="h-5 w-40" />
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex flex-col gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-4 w-full" />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
