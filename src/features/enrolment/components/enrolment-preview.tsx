// What approving this enrolment will bring the enroller, as the database computes it with the plan's
// rules (preview_enrolment): the kit's points, the enrolment commission and the starter bonus.
import { useQuery } from '@tanstack/react-query';
import { Award } from 'lucide-react';
import { enrolmentQueries } from '@/api/enrolment/enrolment-queries';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/lib/format/use-format';
import { enrolMessages as m } from '../messages';

export function EnrolmentPreview({ kitId }: { kitId: string }) {
  return (
    <Card role="region" aria-labelledby="enrolment-preview-title">
      <CardHeader>
        <CardTitle>
          <h2 id="enrolment-preview-title" className="flex items-center gap-2 text-base">
            <Award className="size-5 text-primary" aria-hidden="true" />
            {m.previewTitle}
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>{kitId ? <PreviewFigures kitId={kitId} /> : <p className="text-sm text-muted-foreground">{m.previewPickKit}</p>}</CardContent>
    </Card>
  );
}

function PreviewFigures({ kitId }: { kitId: string }) {
  const f = useFormat();
  const preview = useQuery(enrolmentQueries.preview(kitId));
  if (preview.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true" aria-label={m.previewLoading}>
        <Skeleton className="h-4 w-40" />
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex justify-between gap-3">
            <Skeleton className="h-5 w-36" />
            <Skeleton className="h-5 w-20" />
          </div>
        ))}
      </div>
    );
  }
  if (preview.isError) {
    return <ErrorState title={m.previewFailed} error={preview.error} onRetry={() => preview.refetch()} retrying={preview.isFetching} className="py-4" />;
  }
  const p = preview.data;
  const level = p.level_name ?? `★${p.star_level}`;
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p className="text-muted-foreground">{m.previewIntro}</p>
      <dl className="flex flex-col divide-y">
        <Figure label={m.previewPoints} value={m.previewPointsValue(f.points(p.points))} />
        <Figure
          label={m.previewCommission}
          how={m.previewCommissionHow(f.percent(p.commission_rate), f.money(p.kit_base))}
          value={f.money(p.enrollment_commission)}
        />
        <Figure label={m.previewBonus} how={m.previewBonusHow(level)} value={f.money(p.starter_bonus)} />
      </dl>
      <p className="text-xs text-muted-foreground">{m.previewNote}</p>
    </div>
  );
}

function Figure({ label, how, value }: { label: string; how?: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-2">
      <dt>
        <span className="font-medium">{label}</span>
        {how && <span className="block text-xs text-muted-foreground">{how}</span>}
      </dt>
      <dd className="text-right text-base font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
