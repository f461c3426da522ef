import { PageHeader } from '@/components/page-header';
import { paths, routeLabel } from '@/config/paths';

export default function AccountPage() {
  return <PageHeader title={routeLabel(paths.account)} />;
}
