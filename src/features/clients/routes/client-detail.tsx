// A member's record (/clientes/:id): who they are and how to reach them (editable, audited), where they
// sit in the network, their month and balances; then tabs, in the URL (`?tab=`), for their network,
// orders, ledger with the why, payout requests, the audit trail and «¿Por qué no cobró?».
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { enrollmentStatusLabels } from '@/api/clients/clients-api';
import { clientsQueries } from '@/api/clients/clients-queries';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useUrlState } from '@/lib/url/url-state';
import { useFormat } from '@/lib/format/use-format';
import { AuditTab, LedgerTab, NetworkTab, OrdersTab, PayoutsTab } from '../components/client-tabs';
import { ContactDialog } from '../components/contact-dialog';
import { PayoutAccountPanel } from '../components/payout-account-panel';
import { ContactCard, MonthCard, NetworkPlaceCard } from '../components/profile-cards';
import { clientDetailSearch, type ClientTab } from '../clients-search';
import { m } from '../messages';

// wip/why's view, loaded when its tab is opened.
const WhyNotPaidPanel = lazy(() => import('../why-not-paid/why-not-paid-panel'));

const TABS: { value: ClientTab; label: string }[] = [
  { value: 'red', label: m.tabNetwork },
  { value: 'pedidos', label: m.tabOrders },
  { value: 'movimientos', label: m.tabLedger },
  { value: 'retiros', label: m.tabPayouts },
  { value: 'bitacora', label: m.tabAudit },
  { value: 'por-que-no-cobro', label: m.tabWhy },
];

export default function ClientDetailPage() {
  const { id = '' } = useParams();
  const f = useFormat();
  const profile = useQuery(clientsQueries.profile(id));
  const [search, setSearch] = useUrlState(clientDetailSearch);
  const onPage = (pagina: number) => setSearch({ pagina });

  const back = (
    <Link to={paths.clients} className="mb-3 inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {m.back}
    </Link>
  );
  if (profile.isError) {
    return (
      <>
        {back}
        <ErrorState
          title={m.recordFailed}
          error={profile.error}
          onRetry={() => profile.refetch()}
          retrying={profile.isFetching}
          className="rounded-xl border"
        />
      </>
    );
  }
  if (!profile.data) {
    return (
      <>
        {back}
        <Skeleton className="mb-6 h-9 w-64" />
        <div className="grid gap-4 lg:grid-cols-3" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-56 w-full rounded-xl" />
          ))}
        </div>
      </>
    );
  }
  const p = profile.data;
  return (
    <>
      {back}
      <PageHeader title={p.name}>
        <ContactDialog profile={p} />
      </PageHeader>
      <div className="-mt-4 mb-6 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <span>{m.memberNo(p.member_no)}</span>
        <Badge tone={p.is_active ? 'green' : 'gray'}>{p.is_active ? m.active : m.inactive}</Badge>
        <Badge tone={p.enrollment_status === 'registered' ? 'blue' : p.enrollment_status === 'pending' ? 'amber' : 'gray'}>
          {enrollmentStatusLabels[p.enrollment_status]}
        </Badge>
        {p.joined_at && <span>{m.joinedOn(f.date(p.joined_at))}</span>}
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <ContactCard profile={p} />
        <NetworkPlaceCard profile={p} />
        <MonthCard clientId={p.id} />
      </div>
      <Tabs value={search.tab} onValueChange={(tab) => setSearch({ tab: tab as ClientTab, pagina: 1 })} className="mt-8">
        <div className="-mx-1 overflow-x-auto px-1 pb-1">
          <TabsList aria-label={m.tabs}>
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="red">{search.tab === 'red' && <NetworkTab clientId={p.id} name={p.name} />}</TabsContent>
        <TabsContent value="pedidos">{search.tab === 'pedidos' && <OrdersTab clientId={p.id} page={search.pagina} onPage={onPage} />}</TabsContent>
        <TabsContent value="movimientos">{search.tab === 'movimientos' && <LedgerTab clientId={p.id} />}</TabsContent>
        <TabsContent value="retiros">
          {search.tab === 'retiros' && (
            <>
              <PayoutAccountPanel clientId={p.id} name={p.name} />
              <PayoutsTab clientId={p.id} page={search.pagina} onPage={onPage} />
            </>
          )}
        </TabsContent>
        <TabsContent value="bitacora">{search.tab === 'bitacora' && <AuditTab clientId={p.id} page={search.pagina} onPage={onPage} />}</TabsContent>
        <TabsContent value="por-que-no-cobro">
          {search.tab === 'por-que-no-cobro' && (
            <Suspense fallback={<Skeleton className="h-64 w-full" />}>
              <WhyNotPaidPanel clientId={p.id} />
            </Suspense>
          )}
        </TabsContent>
      </Tabs>
    </>
  );
}
