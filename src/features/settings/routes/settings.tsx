// Configuración (superadmin): tabs in the URL, `?tab=ajustes|plan|cierre|bitacora` (default ajustes,
// the settings form). Each tab other than the form loads its panel lazily.
import { lazy, Suspense } from 'react';
import { z } from 'zod/mini';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths, routeLabel } from '@/config/paths';
import { useAppSettings } from '@/lib/app-settings';
import { enumParam } from '@/lib/url-params';
import { useUrlState } from '@/lib/url-state';
import { SettingsForm } from '../components/settings-form';
import { settingsMessages as m } from '../messages';

const PlanPanel = lazy(() => import('../plan/plan-panel'));

const TABS = ['ajustes', 'plan'] as const;
const settingsSearch = z.object({ tab: enumParam(TABS, 'ajustes') });

export default function SettingsPage() {
  const settings = useAppSettings();
  const [search, setSearch] = useUrlState(settingsSearch);
  return (
    <>
      <PageHeader title={routeLabel(paths.settings)} />
      <Tabs value={search.tab} onValueChange={(tab) => setSearch({ tab: tab as (typeof TABS)[number] })}>
        <TabsList aria-label={m.tabs}>
          <TabsTrigger value="ajustes">{m.tabSettings}</TabsTrigger>
          <TabsTrigger value="plan">{m.tabPlan}</TabsTrigger>
        </TabsList>
        <TabsContent value="ajustes" className="pt-2">
          <SettingsForm settings={settings} />
        </TabsContent>
        <TabsContent value="plan" className="pt-2">
          <Suspense fallback={<Skeleton className="h-96 w-full max-w-5xl" />}>
            <PlanPanel />
          </Suspense>
        </TabsContent>
      </Tabs>
    </>
  );
}
