import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { PageSpinner } from '@/components/layouts/page-spinner';
import { settingsQueries } from '@/lib/data/app-settings';
import { setActiveLocale } from '@/lib/format/format';

/**
 * The shells and the public page render only once the settings have loaded (or, failing that, with
 * the defaults). The login page needs none, so it does not wait for them.
 */
export function SettingsGate({ children }: { children: ReactNode }) {
  const { isPending, error, data } = useQuery(settingsQueries.app());
  // Before the children render, so a count formatted without the settings at hand (a pager, a toast)
  // is written as the company writes it too.
  if (data) setActiveLocale(data.locale);
  useEffect(() => {
    if (error) console.error('Error al cargar la configuración:', error);
  }, [error]);
  if (isPending) return <PageSpinner fullScreen />;
  return children;
}
