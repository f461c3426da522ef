import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/sonner';
import { SessionProvider } from '@/lib/auth/session-provider';
import { createQueryClient } from '@/lib/query-client';
import { ThemeProvider } from '@/lib/theme/theme-provider';
import { SettingsGate } from './settings-gate';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <SettingsGate>{children}</SettingsGate>
        </SessionProvider>
        <Toaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
