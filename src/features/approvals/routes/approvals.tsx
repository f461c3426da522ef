import { PageHeader } from '@/components/page-header';
import { paths, routeLabel } from '@/config/paths';

export default function ApprovalsPage() {
  return <PageHeader title={routeLabel(paths.approvals)} />;
}
