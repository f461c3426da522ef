import { PageHeader } from '@/components/page-header';
import { paths, routeLabel } from '@/config/paths';
import { useAppSettings } from '@/lib/app-settings';
import { SettingsForm } from '../components/settings-form';

export default function SettingsPage() {
  const settings = useAppSettings();
  return (
    <>
      <PageHeader title={routeLabel(paths.settings)} />
      <SettingsForm settings={settings} />
    </>
  );
}
