import { PageHeader } from '@/components/page-header';
import { paths, routeLabel } from '@/config/paths';

export default function NetworkPage() {
  return <PageHeader title={routeLabel(paths.network)} />;
}
