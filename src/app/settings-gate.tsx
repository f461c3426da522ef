import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { PageSpinner } from '@/components/layouts/page-spinner';
import { settingsQueries } from '@/lib/data/app-settings';

/**
 * The shells and the public page render only once the settings have loaded (or, failing that, with
 * the defaults). The login page needs none, so it does not wait for them.
 */
export function SettingsGate({ children }: { children: ReactNode }) {
  const { isPending, error } = useQuery(settingsQueries.app());
  useEffect(() => {
    if (error) console.error('Error al cargar la configuración:', error);
  }, [error]);
  if (isPending) return <PageSpinner fullScreen />;
  return children;
}
