import { PageHeader } from '@/components/page-header';
import { paths, routeLabel } from '@/config/paths';

export default function SalesPage() {
  return <PageHeader title={routeLabel(paths.sales)} />;
}
