import { PageHeader } from '@/components/page-header';
import { paths, routeLabel } from '@/config/paths';

export default function EnrolPage() {
  return <PageHeader title={routeLabel(paths.enrol)} />;
}
