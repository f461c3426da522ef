// The record's tabs, each its own read: the network from their place (Mi Red's summary and tree),
// orders, the ledger with the why of each entry, payout requests and the audit trail.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { History, ReceiptText, Users, Wallet } from 'lucide-react';
import { useMemo } from 'react';
import { clientsQueries } from '@/api/clients/clients-queries';
import { networkQueries } from '@/api/network/network-queries';
import type { PayoutRequest } from '@/api/payouts/payouts-api';
import { payoutsQueries } from '@/api/payouts/payouts-queries';
import { rewardsQueries } from '@/api/rewards/rewards-queries';
import type { Sale } from '@/api/sales/sales-api';
import { salesQueries } from '@/api/sales/sales-queries';
import { LedgerEntryItem } from '@/components/ledger/ledger-entry';
import type { WhyContext } from '@/components/ledger/ledger-why';
import { NetworkSummary } from '@/components/network/network-summary';
import { Enrollees } from '@/components/network/network-tree';
import { PayoutStatusBadge, SaleStatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { MonthPicker } from '@/components/ui/month-picker';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { saleKindLabels } from '@/lib/data/domain';
import { useMonthParam } from '@/lib/url/month-param';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { fieldLabels, m } from '../messages';

const PAGE_SIZE = 10;
const PAGE_SIZES = [PAGE_SIZE] as const;

interface Paged {
  page: number;
  onPage: (page: number) => void;
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-2" aria-hidden="true">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}

export function NetworkTab({ clientId, name }: { clientId: string; name: string }) {
  const { month, monthStart, setMonth, max } = useMonthParam();
  const whose = { clientId, month: monthStart };
  const summary = useQuery(networkQueries.summary(whose));
  const closed = summary.data?.[0]?.month_closed ?? false;
  const members = summary.data?.find((g) => g.generation === null)?.members ?? 0;
  return (
    <div className="flex flex-col gap-4">
      <MonthPicker value={month} onChange={setMonth} max={max} label={m.monthLabel} />
      {summary.isError ? (
        <ErrorState error={summary.error} onRetry={() => summary.refetch()} retrying={summary.isFetching} />
      ) : summary.data && members === 0 ? (
        <EmptyState icon={Users} title={m.networkEmpty} />
      ) : (
        <>
          <NetworkSummary rows={summary.data} closed={closed} title={m.networkOf(name)} />
          {summary.data && <Enrollees key={monthStart} whose={whose} parentId={null} label={m.enrolleesOf(name)} />}
        </>
      )}
    </div>
  );
}

export function OrdersTab({ clientId, page, onPage }: { clientId: string } & Paged) {
  const f = useFormat();
  const orders = useQuery(salesQueries.mine({ clientId, status: null, page, pageSize: PAGE_SIZE }));
  if (orders.isPending) return <ListSkeleton />;
  if (orders.isError) return <ErrorState error={orders.error} onRetry={() => orders.refetch()} retrying={orders.isFetching} />;
  if (orders.data.rows.length === 0) return <EmptyState icon={ReceiptText} title={m.ordersEmpty} />;
  return (
    <div className={cn(orders.isPlaceholderData && 'opacity-60')}>
      <Table aria-label={m.ordersLabel}>
        <TableHeader>
          <TableRow>
            <TableHead>{m.colSale}</TableHead>
            <TableHead>{m.colDate}</TableHead>
            <TableHead className="max-sm:hidden">{m.colKind}</TableHead>
            <TableHead>{m.colState}</TableHead>
            <TableHead className="text-right">{m.colTotal}</TableHead>
            <TableHead className="text-right max-sm:hidden">{m.colPoints}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {orders.data.rows.map((s: Sale) => (
            <TableRow key={s.id}>
              <TableCell className="tabular-nums">#{s.sale_no}</TableCell>
              <TableCell>{f.date(s.created_at)}</TableCell>
              <TableCell className="max-sm:hidden">{saleKindLabels[s.kind]}</TableCell>
              <TableCell>
                <SaleStatusBadge status={s.status} />
              </TableCell>
              <TableCell className="text-right tabular-nums">{f.money(s.total)}</TableCell>
              <TableCell className="text-right tabular-nums max-sm:hidden">{f.points(s.points_total)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pagination page={page} pageSize={PAGE_SIZE} pageSizes={PAGE_SIZES} total={orders.data.total} onPageChange={onPage} onPageSizeChange={() => undefined} />
    </div>
  );
}

export function LedgerTab({ clientId }: { clientId: string }) {
  const fmt = useFormat();
  const months = useQuery(rewardsQueries.months(clientId));
  const ledger = useInfiniteQuery(rewardsQueries.ledger({ clientId, month: null, types: null, pageSize: 25 }));
  const monthMap = useMemo(() => new Map((months.data ?? []).map((row) => [row.month, row])), [months.data]);
  const ctx: WhyContext = useMemo(() => ({ fmt, monthOf: (month) => monthMap.get(month), reader: 'staff' }), [fmt, monthMap]);
  if (ledger.isPending) return <ListSkeleton />;
  if (ledger.isError) return <ErrorState error={ledger.error} onRetry={() => ledger.refetch()} retrying={ledger.isFetching} />;
  const entries = ledger.data.pages.flatMap((p) => p.entries);
  if (entries.length === 0) return <EmptyState icon={ReceiptText} title={m.ledgerEmpty} />;
  return (
    <div className="flex flex-col gap-3">
      <ul className="divide-y" aria-label={m.tabLedger}>
        {entries.map((e) => (
          <LedgerEntryItem key={e.id} entry={e} ctx={ctx} />
        ))}
      </ul>
      {ledger.hasNextPage && (
        <Button variant="outline" className="self-start" disabled={ledger.isFetchingNextPage} onClick={() => void ledger.fetchNextPage()}>
          {m.ledgerMore}
        </Button>
      )}
    </div>
  );
}

export function PayoutsTab({ clientId, page, onPage }: { clientId: string } & Paged) {
  const f = useFormat();
  const payouts = useQuery(payoutsQueries.mine({ clientId, page, pageSize: PAGE_SIZE }));
  if (payouts.isPending) return <ListSkeleton />;
  if (payouts.isError) return <ErrorState error={payouts.error} onRetry={() => payouts.refetch()} retrying={payouts.isFetching} />;
  if (payouts.data.rows.length === 0) return <EmptyState icon={Wallet} title={m.payoutsEmpty} />;
  const outcome = (p: PayoutRequest) =>
    p.status === 'paid' ? `${f.date(p.paid_at ?? p.requested_at)} · ${p.payment_reference ?? ''}` : p.status === 'rejected' ? (p.rejection_reason ?? '') : '—';
  return (
    <div className={cn(payouts.isPlaceholderData && 'opacity-60')}>
      <Table aria-label={m.payoutsLabel}>
        <TableHeader>
          <TableRow>
            <TableHead>{m.colRequested}</TableHead>
            <TableHead>{m.colState}</TableHead>
            <TableHead className="text-right">{m.colAmount}</TableHead>
            <TableHead className="max-sm:hidden">{m.colOutcome}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {payouts.data.rows.map((p) => (
            <TableRow key={p.id}>
              <TableCell>{f.date(p.requested_at)}</TableCell>
              <TableCell>
                <PayoutStatusBadge status={p.status} />
              </TableCell>
              <TableCell className="text-right tabular-nums">{f.money(p.amount)}</TableCell>
              <TableCell className="text-sm whitespace-normal max-sm:hidden">{outcome(p)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pagination page={page} pageSize={PAGE_SIZE} pageSizes={PAGE_SIZES} total={payouts.data.total} onPageChange={onPage} onPageSizeChange={() => undefined} />
    </div>
  );
}

const shown = (value: unknown) =>
  value === null || value === undefined || value === '' ? m.emptyValue : typeof value === 'string' ? value : JSON.stringify(value);

export function AuditTab({ clientId, page, onPage }: { clientId: string } & Paged) {
  const f = useFormat();
  const audit = useQuery(clientsQueries.audit({ id: clientId, page, pageSize: PAGE_SIZE }));
  if (audit.isPending) return <ListSkeleton />;
  if (audit.isError) return <ErrorState error={audit.error} onRetry={() => audit.refetch()} retrying={audit.isFetching} />;
  if (audit.data.rows.length === 0) return <EmptyState icon={History} title={m.auditEmpty} />;
  return (
    <div className={cn(audit.isPlaceholderData && 'opacity-60')}>
      <ol className="divide-y" aria-label={m.auditLabel}>
        {audit.data.rows.map((a) => (
          <li key={a.id} className="flex flex-col gap-1 py-3" data-testid="audit-entry">
            <p className="text-sm">
              <time dateTime={a.occurred_at} className="font-medium">
                {f.dateTime(a.occurred_at)}
              </time>{' '}
              <span className="text-muted-foreground">
                {m.auditBy(a.actor_name ?? m.auditSystem)}
                {a.actor_role ? ` (${a.actor_role})` : ''}
              </span>
            </p>
            {a.action === 'UPDATE' && a.changes ? (
              <ul className="flex flex-col gap-0.5 text-sm">
                {Object.entries(a.changes).map(([field, change]) => (
                  <li key={field} className="break-words">
                    <span className="font-medium">{fieldLabels[field] ?? field}:</span>{' '}
                    <span className="text-muted-foreground line-through">{shown(change.antes)}</span> → <span>{shown(change.despues)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm">{a.action === 'INSERT' ? m.auditCreated : m.auditDeleted}</p>
            )}
          </li>
        ))}
      </ol>
      <Pagination page={page} pageSize={PAGE_SIZE} pageSizes={PAGE_SIZES} total={audit.data.total} onPageChange={onPage} onPageSizeChange={() => undefined} />
    </div>
  );
}
