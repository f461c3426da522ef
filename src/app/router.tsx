import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { BackOfficeLayout } from '@/components/layouts/back-office-layout';
import { MemberLayout } from '@/components/layouts/member-layout';
import { PageSpinner } from '@/components/layouts/page-spinner';
import { backOfficeRoutes, memberRoutes, paths, type Access } from '@/config/paths';
import { RequireAccess, RoleHomeRedirect, RootRoute } from './guards';
import { RouteError } from './route-error';

type Page = LazyExoticComponent<ComponentType>;

// Every route's page, loaded when the route is first opened; bench/route-sizes.mjs reads this table.
const pages: Record<string, Page> = {
  [paths.login]: lazy(() => import('@/features/auth/routes/login')),
  [paths.authError]: lazy(() => import('@/features/auth/routes/auth-error')),
  [paths.landing]: lazy(() => import('@/features/landing/routes/landing')),
  [paths.dashboard]: lazy(() => import('@/features/dashboard/routes/dashboard')),
  [paths.products]: lazy(() => import('@/features/products/routes/products')),
  [paths.clients]: lazy(() => import('@/features/clients/routes/clients')),
  [paths.sales]: lazy(() => import('@/features/sales/routes/sales')),
  [paths.approvals]: lazy(() => import('@/features/approvals/routes/approvals')),
  [paths.payments]: lazy(() => import('@/features/payments/routes/payments')),
  [paths.recipes]: lazy(() => import('@/features/recipes/routes/recipes')),
  [paths.users]: lazy(() => import('@/features/users/routes/users')),
  [paths.suppliers]: lazy(() => import('@/features/suppliers/routes/suppliers')),
  [paths.healthAnalysis]: lazy(() => import('@/features/health-analysis/routes/health-analysis')),
  [paths.settings]: lazy(() => import('@/features/settings/routes/settings')),
  [paths.finance]: lazy(() => import('@/features/finance/routes/finance')),
  [paths.account]: lazy(() => import('@/features/account/routes/account')),
  [paths.placeOrder]: lazy(() => import('@/features/orders/routes/place-order')),
  [paths.myOrders]: lazy(() => import('@/features/orders/routes/my-orders')),
  [paths.enrol]: lazy(() => import('@/features/enrolment/routes/enrol')),
  [paths.network]: lazy(() => import('@/features/network/routes/network')),
  [paths.rewards]: lazy(() => import('@/features/rewards/routes/rewards')),
};

function page(path: string): Page {
  const Page = pages[path];
  if (!Page) throw new Error(`Ruta sin página: ${path}`);
  return Page;
}

function standalone(path: string) {
  const Page = page(path);
  return (
    <Suspense fallback={<PageSpinner fullScreen />}>
      <Page />
    </Suspense>
  );
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
      { path: paths.login, element: standalone(paths.login) },
      { path: paths.authError, element: standalone(paths.authError) },
      { path: paths.landing, element: standalone(paths.landing) },
      { path: paths.root, element: <RoleHomeRedirect /> },
      {
        // The back office layout at /: admin and superadmin.
        element: (
          <RequireAccess access="staff">
            <BackOfficeLayout />
          </RequireAccess>
        ),
        children: backOfficeRoutes.map((r) => guarded(r.path, r.access)),
      },
      {
        path: paths.account,
        element: (
          <RequireAccess access="cliente">
            <MemberLayout />
          </RequireAccess>
        ),
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
