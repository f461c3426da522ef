import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { cn } from '@/lib/utils';
import { PageErrorBoundary } from './page-error-boundary';
import { PageSpinner } from './page-spinner';

/** The shell's main region: the lazily loaded page, with a spinner while its code arrives. */
export function PageOutlet({ className }: { className?: string }) {
  const { pathname } = useLocation();
  return (
    <main id="main-content" tabIndex={-1} className={cn('mx-auto w-full px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8', className)}>
      <PageErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
    </main>
  );
}
