// The enrolments the member placed, newest first, a page at a time from the server: who, when,
// which kit, and where it stands (pending; approved, so they can sign in; refused with the reason).
import { useQuery } from '@tanstack/react-query';
import { Ban, CircleCheck, Clock, UserPlus, XCircle } from 'lucide-react';
import type { Enrolment } from '@/api/enrolment/enrolment-api';
import { enrolmentQueries } from '@/api/enrolment/enrolment-queries';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { dataTableColumns } from '@/components/ui/data-table-columns';
import { useTableSearch } from '@/lib/url/table-search';
import { useFormat } from '@/lib/format/use-format';
import { enrolMessages as m } from '../messages';
import { enrolSearch, ENROLMENT_PAGE_SIZES } from '../search-params';
import { enrolmentState, type EnrolmentState } from './enrolment-state';

const looks: Record<EnrolmentState, { tone: BadgeTone; icon: typeof Clock; label: string }> = {
  pending: { tone: 'violet', icon: Clock, label: m.pending },
  approved: { tone: 'green', icon: CircleCheck, label: m.approved },
  rejected: { tone: 'red', icon: XCircle, label: m.rejected },
  cancelled: { tone: 'gray', icon: Ban, label: m.cancelled },
};

function StateCell({ enrolment }: { enrolment: Enrolment }) {
  const state = enrolmentState(enrolment.status);
  const look = looks[state];
  const Icon = look.icon;
  const note =
    state === 'approved'
      ? m.approvedHint
      : state === 'pending'
        ? m.pendingHint
        : state === 'rejected'
          ? enrolment.rejection_reason && m.reason(enrolment.rejection_reason)
          : enrolment.cancellation_reason && m.reason(enrolment.cancellation_reason);
  return (
    <div className="flex flex-col items-end gap-1 sm:items-start">
      <Badge tone={look.tone}>
        <Icon aria-hidden="true" />
        {look.label}
      </Badge>
      {note && <span className="max-w-xs text-xs text-muted-foreground sm:whitespace-normal">{note}</span>}
      {enrolment.name === null && <span className="text-xs text-muted-foreground">{m.enrolledAgain}</span>}
    </div>
  );
}

function PersonCell({ enrolment }: { enrolment: Enrolment }) {
  return (
    <div className="flex min-w-0 flex-col items-end sm:items-start">
      <span className="font-medium">{enrolment.name ?? enrolment.email ?? '—'}</span>
      {enrolment.name !== null && <span className="text-xs break-all text-muted-foreground">{enrolment.email}</span>}
    </div>
  );
}

function DateCell({ value }: { value: string }) {
  return <>{useFormat().date(value)}</>;
}

const col = dataTableColumns<Enrolment>();
const columns = col.columns([
  col.display({ id: 'person', header: m.person, cell: (c) => <PersonCell enrolment={c.row.original} />, meta: { skeleton: 'text' } }),
  col.accessor('created_at', { header: m.date, cell: (c) => <DateCell value={c.getValue()} />, meta: { skeleton: 'short' } }),
  col.accessor('kit_name', { header: m.kit, cell: (c) => c.getValue() ?? '—', meta: { skeleton: 'text', hideOnMobile: true } }),
  col.accessor('sale_no', {
    header: m.number,
    cell: (c) => <span className="tabular-nums">#{c.getValue()}</span>,
    meta: { skeleton: 'short', hideOnMobile: true },
  }),
  col.display({ id: 'state', header: m.status, cell: (c) => <StateCell enrolment={c.row.original} />, meta: { skeleton: 'badge' } }),
]);

export function MyEnrolments({ onStart }: { onStart: () => void }) {
  const { controls } = useTableSearch(enrolSearch, { pageSizes: ENROLMENT_PAGE_SIZES });
  const query = useQuery(enrolmentQueries.mine({ page: controls.page, pageSize: controls.pageSize }));
  return (
    <section aria-labelledby="my-enrolments-title" className="flex flex-col gap-3">
      <h2 id="my-enrolments-title" className="text-lg font-semibold">
        {m.listTitle}
      </h2>
      <DataTable
        label={m.listLabel}
        columns={columns}
        query={query}
        controls={controls}
        getRowId={(row) => row.sale_id}
        errorTitle={m.listFailed}
        empty={{
          icon: UserPlus,
          title: m.listEmpty,
          description: m.listEmptyHint,
          action: (
            <Button variant="outline" onClick={onStart}>
              {m.goToForm}
            </Button>
          ),
        }}
        className="rounded-xl border bg-card [&>nav]:px-3"
      />
    </section>
  );
}
