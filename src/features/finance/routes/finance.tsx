import { PageHeader } from '@/components/page-header';
import { paths, routeLabel } from '@/config/paths';

export default function FinancePage() {
  return <PageHeader title={routeLabel(paths.finance)} />;
}
