import { PageHeader } from '@/components/page-header';
import { paths, routeLabel } from '@/config/paths';

export default function DashboardPage() {
  return <PageHeader title={routeLabel(paths.dashboard)} />;
}
