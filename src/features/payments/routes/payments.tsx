// Pagos: members' payout requests by state, oldest first, paged on the server, with each member's
// available balance (after reserving the request) and the account the money goes to; the totals by
// state open each list; approve, pay with the bank's reference, reject with a reason; the bank's
// payment file, its reply, the files already made, and the list's CSV.
import { useQuery } from '@tanstack/react-query';
import { HandCoins } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { payoutsQueries } from '@/api/payouts/payouts-queries';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { MonthPicker } from '@/components/ui/month-picker';
import { paths, routeLabel } from '@/config/paths';
import { addMonths, monthStart } from '@/lib/format/format';
import { useTableSearch } from '@/lib/url/table-search';
import { useFormat } from '@/lib/format/use-format';
import { BatchesSection } from '../components/batches-section';
import { PayoutExportButtons } from '../components/export-buttons';
import { ExportFileDialog } from '../components/export-file-dialog';
import type { PayoutAction } from '../components/payout-action';
import { payoutColumns } from '../components/payout-columns';
import { PayoutActionDialogs } from '../components/payout-dialogs';
import { PayoutTotals } from '../components/payout-totals';
import { ReplyDialog } from '../components/reply-dialog';
import { emptyStates, m } from '../messages';
import { isFinished, paymentsSearchSchema, slugOfStatus, statusOfSlug } from '../payments-search';
import type { PayoutStatus } from '@/lib/data/domain';

// The state tabs are the totals above the list, always visible: choosing one is not a hidden filter.
const NOT_FILTERS = ['estado', 'mes'];

export default function PaymentsPage() {
  const f = useFormat();
  const currentMonth = f.businessMonth();
  const schema = useMemo(() => paymentsSearchSchema(currentMonth), [currentMonth]);
  const { search, setFilters, controls } = useTableSearch(schema, { notFilters: NOT_FILTERS });
  const status = statusOfSlug[search.estado];
  const finished = isFinished(status);
  const month = finished ? monthStart(search.mes) : null;

  const queue = useQuery(payoutsQueries.queue({ statuses: [status], month, page: controls.page, pageSize: controls.pageSize }));
  const totals = useQuery(payoutsQueries.totals());

  const [action, setAction] = useState<PayoutAction | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const openAction = useCallback((next: PayoutAction) => {
    setAction(next);
    setDialogOpen(true);
  }, []);
  const columns = useMemo(() => payoutColumns(status, openAction), [status, openAction]);

  const hrefOf = (s: PayoutStatus) => (s === 'pending' ? paths.payments : `${paths.payments}?estado=${slugOfStatus[s]}`);
  const monthName = f.month(search.mes);
  const empty = emptyStates[status];

  return (
    <>
      <PageHeader title={routeLabel(paths.payments)}>
        <PayoutExportButtons filter={{ statuses: [status], month }} listName={`solicitudes-${search.estado}${finished ? `-${search.mes}` : ''}`} />
      </PageHeader>
      <PayoutTotals query={totals} selected={status} hrefOf={hrefOf} />

      <section aria-labelledby="payouts-list-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="payouts-list-title" className="text-lg font-semibold">
            {listTitle(status, monthName)}
          </h2>
          {finished && (
            <MonthPicker
              value={search.mes}
              max={currentMonth}
              label={status === 'paid' ? m.monthOfPaid : m.monthOfRejected}
              onChange={(mes) => setFilters({ mes })}
            />
          )}
          {status === 'approved' && (
            <div className="flex flex-wrap gap-2">
              <ExportFileDialog />
              <ReplyDialog />
            </div>
          )}
        </div>
        {status === 'approved' && (
          <p className="text-sm text-muted-foreground">
            Para pagar varias juntas: «{m.exportPaymentFile}» le da al banco quién, cuánto y a qué cuenta, en su formato; cuando el banco responda, «{m.payMany}
            » con su archivo de respuesta marca cada una pagada o la deja aprobada con el motivo del banco. Una sola transferencia hecha a mano se registra con
            «{m.pay}».
          </p>
        )}
        <DataTable
          label={listTitle(status, monthName)}
          columns={columns}
          query={queue}
          controls={controls}
          getRowId={(p) => p.id}
          errorTitle={m.loadFailed}
          empty={{
            icon: HandCoins,
            title: empty.title,
            description: empty.description(monthName),
            action: finished ? (
              <Button variant="outline" onClick={() => setFilters({ mes: addMonths(search.mes, -1) })}>
                Ver {f.month(addMonths(search.mes, -1))}
              </Button>
            ) : undefined,
          }}
          className="rounded-xl border bg-card"
        />
      </section>

      {status === 'approved' && <BatchesSection />}

      <PayoutActionDialogs action={action} open={dialogOpen} onOpenChange={setDialogOpen} />
    </>
  );
}

function listTitle(status: PayoutStatus, monthName: string) {
  switch (status) {
    case 'pending':
      return 'Pendientes de aprobar, la más antigua primero';
    case 'approved':
      return 'Aprobadas por pagar, la más antigua primero';
    case 'paid':
      return `Pagadas en ${monthName}`;
    case 'rejected':
      return `Rechazadas en ${monthName}`;
  }
}
