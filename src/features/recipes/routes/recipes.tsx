import { PageHeader } from '@/components/page-header';
import { paths, routeLabel } from '@/config/paths';

export default function RecipesPage() {
  return <PageHeader title={routeLabel(paths.recipes)} />;
}
