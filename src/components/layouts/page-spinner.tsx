import { Spinner } from '@/components/ui/spinner';
import { appMessages } from '@/config/messages';

export function PageSpinner({ fullScreen = false }: { fullScreen?: boolean }) {
  return <Spinner label={appMessages.loading} className={fullScreen ? 'min-h-dvh' : 'min-h-[50vh]'} />;
}
