import { PageHeader } from '@/components/page-header';
import { paths, routeLabel } from '@/config/paths';

export default function ClientsPage() {
  return <PageHeader title={routeLabel(paths.clients)} />;
}
