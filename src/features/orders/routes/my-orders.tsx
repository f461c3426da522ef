import { PageHeader } from '@/components/page-header';
import { paths, routeLabel } from '@/config/paths';

export default function MyOrdersPage() {
  return <PageHeader title={routeLabel(paths.myOrders)} />;
}
