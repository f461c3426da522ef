import { PageHeader } from '@/components/page-header';
import { paths, routeLabel } from '@/config/paths';

export default function RewardsPage() {
  return <PageHeader title={routeLabel(paths.rewards)} />;
}
