// Configuración (superadmin): tabs in the URL, `?tab=ajustes|plan|cierre|pagos|bitacora` (default ajustes,
// the settings form). Each tab other than the form loads its panel when it is opened.
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths, routeLabel } from '@/config/paths';
import { useAppSettings } from '@/lib/data/app-settings';
import { SettingsForm } from '../components/settings-form';
import { TimezoneChangeStatus } from '../components/timezone-change-status';
import { settingsMessages as m } from '../messages';

const panels = [
  { value: 'plan', label: m.tabPlan, Panel: lazy(() => import('../plan/plan-panel')) },
  { value: 'cierre', label: 'Cierre de mes', Panel: lazy(() => import('../close/close-panel')) },
  { value: 'pagos', label: 'Pagos a miembros', Panel: lazy(() => import('../payouts/payouts-panel')) },
  { value: 'bitacora', label: 'Bitácora', Panel: lazy(() => import('../audit/audit-panel')) },
] as const;
const TABS: readonly string[] = ['ajustes', ...panels.map((p) => p.value)];

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
        {/* Five tabs do not fit a phone's width: they wrap instead of hiding the last ones off the edge. */}
        <TabsList aria-label={m.tabs} className="h-auto flex-wrap">
          <TabsTrigger value="ajustes" className="h-7">
            {m.tabSettings}
          </TabsTrigger>
          {panels.map((p) => (
            <TabsTrigger key={p.value} value={p.value} className="h-7">
              {p.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="ajustes" className="flex flex-col gap-4 pt-2">
          <TimezoneChangeStatus />
          <SettingsForm settings={settings} />
        </TabsContent>
        {panels.map(({ value, Panel }) => (
          <TabsContent key={value} value={value} className="pt-2">
            <Suspense fallback={<Skeleton className="h-96 w-full max-w-5xl" />}>{tab === value && <Panel />}</Suspense>
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}
