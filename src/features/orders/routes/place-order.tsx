import { PageHeader } from '@/components/page-header';
import { paths, routeLabel } from '@/config/paths';

export default function PlaceOrderPage() {
  return <PageHeader title={routeLabel(paths.placeOrder)} />;
}
