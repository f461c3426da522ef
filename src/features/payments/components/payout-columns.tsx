// The columns of each state's list. The state itself is the list's (the totals above say which),
// so rows show what matters in it: pending and approved ones their actions, finished ones when and
// how they ended (reference or reason), as the member reads them in Mis Recompensas.
import type { QueuedPayout } from '@/api/payouts/payouts-api';
import { dataTableColumns, type DataTableColumn } from '@/components/ui/data-table-columns';
import type { PayoutStatus } from '@/lib/data/domain';
import type { PayoutAction } from './payout-action';
import { Account, Actions, Available, Member, Money, Outcome, RequestedAndApproved, When } from './payout-cells';

const col = dataTableColumns<QueuedPayout>();

// An approved request's approval date sits under its request date: at 1280 px a column of its own
// pushed «Rechazar» out of view.
const outcomeHeader: Partial<Record<PayoutStatus, string>> = { paid: 'Pagada', rejected: 'Rechazada' };

export function payoutColumns(status: PayoutStatus, onAction: (action: PayoutAction) => void): DataTableColumn<QueuedPayout>[] {
  const open = status === 'pending' || status === 'approved';
  const outcome = outcomeHeader[status];
  return col.columns([
    col.accessor('requested_at', {
      header: 'Solicitada',
      meta: { skeleton: 'short' },
      cell: (c) => (status === 'approved' ? <RequestedAndApproved payout={c.row.original} /> : <When value={c.getValue()} />),
    }),
    col.display({ id: 'member', header: 'Miembro', meta: { label: 'Miembro' }, cell: (c) => <Member payout={c.row.original} /> }),
    col.accessor('amount', { header: 'Importe', meta: { align: 'end', skeleton: 'number' }, cell: (c) => <Money value={c.getValue()} strong /> }),
    col.accessor('available', {
      header: 'Saldo disponible',
      meta: { align: 'end', skeleton: 'number', hideOnMobile: !open },
      cell: (c) => <Available payout={c.row.original} />,
    }),
    col.display({ id: 'account', header: 'Cuenta', meta: { label: 'Cuenta' }, cell: (c) => <Account payout={c.row.original} /> }),
    ...(outcome
      ? [col.display({ id: 'outcome', header: outcome, meta: { label: outcome, skeleton: 'short' }, cell: (c) => <Outcome payout={c.row.original} /> })]
      : []),
    ...(open
      ? [
          col.display({
            id: 'actions',
            header: () => <span className="sr-only">Acciones</span>,
            meta: { label: 'Acciones', align: 'end', className: 'sm:w-0' },
            cell: (c) => <Actions payout={c.row.original} onAction={onAction} />,
          }),
        ]
      : []),
  ]);
}
