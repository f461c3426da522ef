// The ledger entries a sale produced, each original followed by its reversal, with its beneficiary
// and the same one-sentence «why» members and the member's record read (src/components/ledger).
import type { SaleDetail } from '@/api/sales-admin/sales-admin-api';
import { LedgerEntryItem } from '@/components/ledger/ledger-entry';
import type { WhyContext } from '@/components/ledger/ledger-why';
import { PENDING_SALE_STATUSES } from '@/lib/data/domain';
import { useFormat } from '@/lib/format/use-format';
import { m } from '../messages';

export function SaleEntries({ detail }: { detail: SaleDetail }) {
  const fmt = useFormat();
  if ((PENDING_SALE_STATUSES as readonly string[]).includes(detail.sale.status) && detail.entries.length === 0) {
    return <p className="text-sm text-muted-foreground">{m.entriesPending}</p>;
  }
  if (detail.entries.length === 0) {
    return <p className="text-sm text-muted-foreground">{detail.walk_in_buyer ? m.entriesWalkIn : m.entriesNone}</p>;
  }
  // Several beneficiaries: a month's close figures are each one's own, so a forfeit says the engine's
  // own explanation rather than figures of the wrong person.
  const ctx: WhyContext = { fmt, monthOf: () => undefined, reader: 'staff' };
  return (
    <ul className="flex flex-col divide-y" aria-label={m.entries} data-testid="sale-entries">
      {detail.entries.map((e) => (
        <li key={e.id} className="flex flex-col pt-3 first:pt-0" data-beneficiary={e.beneficiary_name}>
          <p className="text-xs text-muted-foreground">
            {m.beneficiary}: <span className="font-medium text-foreground">{e.beneficiary_name}</span>
          </p>
          <ul>
            <LedgerEntryItem entry={e} ctx={ctx} />
          </ul>
        </li>
      ))}
    </ul>
  );
}
