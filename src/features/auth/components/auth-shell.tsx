import { Sprout } from 'lucide-react';
import type { ReactNode } from 'react';
import { ThemeToggle } from '@/components/layouts/theme-toggle';

/** The centred card of the public authentication pages. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="relative flex min-h-dvh flex-col bg-gradient-to-br from-emerald-50 via-background to-lime-50 dark:from-emerald-950/40 dark:via-background dark:to-background">
      <div className="absolute top-3 right-3">
        <ThemeToggle />
      </div>
      <main id="main-content" className="flex flex-1 items-center justify-center px-4 py-12">
        <div className="w-full max-w-md">
          <div className="mb-6 flex items-center justify-center gap-2.5">
            <span className="flex size-10 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm">
              <Sprout className="size-6" aria-hidden="true" />
            </span>
            <span className="text-2xl font-semibold tracking-tight">Savia</span>
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}
