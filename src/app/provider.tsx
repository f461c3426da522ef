import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { SessionProvider } from '@/lib/auth/session-provider';
import { createQueryClient } from '@/lib/data/query-client';
import { ThemeProvider } from '@/lib/theme/theme-provider';
import { ToasterHost } from './toaster-host';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>{children}</SessionProvider>
        <ToasterHost />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
