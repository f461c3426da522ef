import { PageHeader } from '@/components/page-header';
import { paths, routeLabel } from '@/config/paths';

export default function ProductsPage() {
  return <PageHeader title={routeLabel(paths.products)} />;
}
