import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, matchPath, RouterProvider, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/layouts/page-spinner';
import { backOfficeItemRoutes, backOfficeRoutes, memberRoutes, paths, type Access } from '@/config/paths';
import { RequireAccess, RoleHomeRedirect, RootRoute } from './guards';
import { RouteError } from './route-error';
import { SettingsGate } from './settings-gate';

type Page = LazyExoticComponent<ComponentType>;
type Module = () => Promise<{ default: ComponentType }>;

// Every route's page, loaded when the route is first opened; bench/route-sizes.mjs reads this table.
const pageModules: Record<string, Module> = {
  [paths.login]: () => import('@/features/auth/routes/login'),
  [paths.authError]: () => import('@/features/auth/routes/auth-error'),
  [paths.landing]: () => import('@/features/public-page/routes/public-page'),
  [paths.dashboard]: () => import('@/features/dashboard/routes/dashboard'),
  [paths.products]: () => import('@/features/products/routes/products'),
  [paths.clients]: () => import('@/features/clients/routes/clients'),
  [paths.clientDetail]: () => import('@/features/clients/routes/client-detail'),
  [paths.sales]: () => import('@/features/sales/routes/sales'),
  [paths.approvals]: () => import('@/features/approvals/routes/approvals'),
  [paths.payments]: () => import('@/features/payments/routes/payments'),
  [paths.recipes]: () => import('@/features/recipes/routes/recipes'),
  [paths.users]: () => import('@/features/users/routes/users'),
  [paths.suppliers]: () => import('@/features/suppliers/routes/suppliers'),
  [paths.healthAnalysis]: () => import('@/features/health-analysis/routes/health-analysis'),
  [paths.settings]: () => import('@/features/settings/routes/settings'),
  [paths.finance]: () => import('@/features/finance/routes/finance'),
  [paths.account]: () => import('@/features/account/routes/account'),
  [paths.placeOrder]: () => import('@/features/orders/routes/place-order'),
  [paths.myOrders]: () => import('@/features/orders/routes/my-orders'),
  [paths.enrol]: () => import('@/features/enrolment/routes/enrol'),
  [paths.network]: () => import('@/features/network/routes/network'),
  [paths.rewards]: () => import('@/features/rewards/routes/rewards'),
};
const pages = Object.fromEntries(Object.entries(pageModules).map(([path, load]) => [path, lazy(load)]));

/**
 * A shell (layout) is lazy too: its menus and dialogs are not the login page's to load. The page
 * being opened downloads alongside it rather than after it.
 */
function shell(load: Module): Page {
  return lazy(() => {
    const path = Object.keys(pageModules).find((p) => matchPath(p, window.location.pathname));
    if (path) void pageModules[path]?.();
    return load();
  });
}

const BackOfficeLayout = shell(() => import('@/components/layouts/back-office-layout').then((m) => ({ default: m.BackOfficeLayout })));
const MemberLayout = shell(() => import('@/components/layouts/member-layout').then((m) => ({ default: m.MemberLayout })));

function page(path: string): Page {
  const Page = pages[path];
  if (!Page) throw new Error(`Ruta sin página: ${path}`);
  return Page;
}

function standalone(Page: Page) {
  return (
    <Suspense fallback={<PageSpinner fullScreen />}>
      <Page />
    </Suspense>
  );
}

/** A page or shell that shows money, dates or the company: it waits for the settings. */
function withSettings(Page: Page) {
  return <SettingsGate>{standalone(Page)}</SettingsGate>;
}

function guarded(path: string, access: Access): RouteObject {
  const Page = page(path);
  return {
    path,
    element: (
      <RequireAccess access={access}>
        <Page />
      </RequireAccess>
    ),
  };
}

const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteError />,
    children: [
      { path: paths.login, element: standalone(page(paths.login)) },
      { path: paths.authError, element: standalone(page(paths.authError)) },
      { path: paths.landing, element: withSettings(page(paths.landing)) },
      { path: paths.root, element: <RoleHomeRedirect /> },
      {
        // The back office layout at /: admin and superadmin.
        element: <RequireAccess access="staff">{withSettings(BackOfficeLayout)}</RequireAccess>,
        children: [...backOfficeRoutes, ...backOfficeItemRoutes].map((r) => guarded(r.path, r.access)),
      },
      {
        path: paths.account,
        element: <RequireAccess access="cliente">{withSettings(MemberLayout)}</RequireAccess>,
        children: memberRoutes.map((r) => (r.path === paths.account ? { index: true, element: guarded(r.path, r.access).element } : guarded(r.path, r.access))),
      },
      { path: '*', element: <RoleHomeRedirect /> },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
