import type { LedgerEntry as Entry } from '@/api/rewards/rewards-api';
import { FORFEIT_REASON } from '@/api/rewards/rewards-api';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { ledgerWhy, reversalNote, type WhyContext } from './ledger-why';
import { ledgerMessages as m } from './ledger-messages';

function stateLook(e: Entry): { tone: BadgeTone; label: string } {
  switch (e.state) {
    case 'pendiente':
      return { tone: 'amber', label: m.states.pendiente };
    case 'disponible':
      return { tone: 'green', label: m.states.disponible };
    case 'revertido':
      return e.reversed_by_reason === FORFEIT_REASON ? { tone: 'red', label: m.states.forfeited } : { tone: 'gray', label: m.states.revertido };
    case 'reverso':
      return { tone: 'gray', label: m.states.reverso };
  }
}

/** One entry: what it is, its state, why (one sentence), and its amount or points. */
export function LedgerEntryItem({ entry: e, ctx }: { entry: Entry; ctx: WhyContext }) {
  const fmt = useFormat();
  const look = stateLook(e);
  const note = reversalNote(e, ctx);
  const isPoints = e.amount === 0 && e.points !== 0;
  const value = isPoints
    ? `${e.points > 0 ? '+' : ''}${fmt.points(e.points)} ${Math.abs(e.points) === 1 ? 'punto' : 'puntos'}`
    : `${e.amount > 0 ? '+' : ''}${fmt.money(e.amount)}`;
  const struck = e.state === 'revertido';
  return (
    <li className="flex flex-col gap-1 py-4" data-testid="ledger-entry" data-entry-id={e.id}>
      <div className="flex items-start justify-between gap-3">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="text-sm font-medium" data-testid="ledger-type">
            {e.type_label}
          </span>
          <Badge tone={look.tone}>{look.label}</Badge>
        </div>
        <p
          className={cn(
            'shrink-0 text-right font-semibold whitespace-nowrap tabular-nums',
            struck && 'text-muted-foreground line-through',
            !struck && (isPoints ? 'text-foreground' : e.amount < 0 ? 'text-tone-red-foreground' : 'text-tone-green-foreground'),
          )}
          data-testid="ledger-value"
        >
          {value}
          {struck && <span className="sr-only"> {m.notCounted}</span>}
        </p>
      </div>
      <p className="text-sm sm:pr-32" data-testid="ledger-why">
        {ledgerWhy(e, ctx)}
      </p>
      {note && (
        <p
          className={cn('text-sm font-medium', e.reversed_by_reason === FORFEIT_REASON ? 'text-tone-red-foreground' : 'text-muted-foreground')}
          data-testid="ledger-note"
        >
          {note}
        </p>
      )}
      <time dateTime={e.created_at} className="text-xs text-muted-foreground">
        {fmt.dateTime(e.created_at)}
      </time>
    </li>
  );
}
