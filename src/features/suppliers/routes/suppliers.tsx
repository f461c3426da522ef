import { PageHeader } from '@/components/page-header';
import { paths, routeLabel } from '@/config/paths';

export default function SuppliersPage() {
  return <PageHeader title={routeLabel(paths.suppliers)} />;
}
