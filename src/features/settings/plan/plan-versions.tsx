import { useQuery } from '@tanstack/react-query';
import { planQueries } from '@/api/plan/plan-queries';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/lib/format/use-format';
import { planMessages as m } from './plan-messages';

export function PlanVersions() {
  const f = useFormat();
  const versions = useQuery(planQueries.versions());
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{m.versionsTitle}</h2>
        </CardTitle>
        <CardDescription>{m.versionsDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {versions.isPending ? (
          <div className="flex flex-col gap-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : versions.isError ? (
          <ErrorState error={versions.error} onRetry={() => versions.refetch()} retrying={versions.isFetching} />
        ) : versions.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.noVersions}</p>
        ) : (
          <ol className="flex flex-col divide-y" aria-label={m.versionsTitle}>
            {versions.data.map((v) => (
              <li key={v.version} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
                <span className="font-medium">{m.version(v.version)}</span>
                {v.is_current && <Badge tone="green">{m.current}</Badge>}
                <span className="text-muted-foreground">{f.dateTime(v.created_at)}</span>
                <span className="min-w-0 break-all text-muted-foreground">{v.created_by_email ?? m.byNobody}</span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
