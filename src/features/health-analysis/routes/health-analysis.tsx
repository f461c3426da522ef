import { PageHeader } from '@/components/page-header';
import { paths, routeLabel } from '@/config/paths';

export default function HealthAnalysisPage() {
  return <PageHeader title={routeLabel(paths.healthAnalysis)} />;
}
