import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths, routeLabel } from '@/config/paths';
import { useAppSettings } from '@/lib/app-settings';
import { SettingsForm } from '../components/settings-form';

// Configuración's tabs, in the URL (?tab=ajustes|plan|cierre|bitacora); each panel loads on its tab.
// Minimal tabs on wip/close: the Plan engineer owns this file and its tabs (the lead merges both).
// --- Close+Audit: the month close and the audit log -------------------------------------------------
const ClosePanel = lazy(() => import('../close/close-panel'));
const AuditPanel = lazy(() => import('../audit/audit-panel'));
const closeAuditTabs = [
  { value: 'cierre', label: 'Cierre de mes', Panel: ClosePanel },
  { value: 'bitacora', label: 'Bitácora', Panel: AuditPanel },
] as const;
// --- end Close+Audit -------------------------------------------------------------------------------

const TABS = ['ajustes', ...closeAuditTabs.map((t) => t.value)] as string[];

export default function SettingsPage() {
  const settings = useAppSettings();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') ?? 'ajustes';
  const tab = TABS.includes(requested) ? requested : 'ajustes';
  return (
    <>
      <PageHeader title={routeLabel(paths.settings)} />
      {/* A new tab starts clean: the other panels' filters stay out of its URL. */}
      <Tabs value={tab} onValueChange={(value) => setParams(value === 'ajustes' ? {} : { tab: value })}>
        <TabsList aria-label="Secciones de Configuración">
          <TabsTrigger value="ajustes">Ajustes</TabsTrigger>
          {closeAuditTabs.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="ajustes">
          <SettingsForm settings={settings} />
        </TabsContent>
        {closeAuditTabs.map(({ value, Panel }) => (
          <TabsContent key={value} value={value}>
            <Suspense fallback={<Skeleton className="h-64 w-full" />}>{tab === value && <Panel />}</Suspense>
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}
