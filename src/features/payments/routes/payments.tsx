import { PageHeader } from '@/components/page-header';
import { paths, routeLabel } from '@/config/paths';

export default function PaymentsPage() {
  return <PageHeader title={routeLabel(paths.payments)} />;
}
