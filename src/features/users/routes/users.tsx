import { PageHeader } from '@/components/page-header';
import { paths, routeLabel } from '@/config/paths';

export default function UsersPage() {
  return <PageHeader title={routeLabel(paths.users)} />;
}
