import type { WhyNotPaid, WhyPointLine } from '@/api/clients-why/why-api';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { whyMessages as m } from './messages';

function PointLine({ line }: { line: WhyPointLine }) {
  const fmt = useFormat();
  const struck = line.state === 'revertida';
  const what = line.type === 'points_enroller' && line.source_client_name ? m.kitOf(line.source_client_name) : m.ownPurchase;
  return (
    <li className="flex items-start justify-between gap-3 py-2" data-testid="why-point-line">
      <div className="min-w-0">
        <p className="text-sm font-medium">
          {m.sale(line.sale_no)} · {what}
        </p>
        <p className="text-xs text-muted-foreground">
          {fmt.date(line.created_at)}
          {struck && line.reversal && ` · ${m.cancelledSale(line.sale_no, fmt.date(line.reversal.created_at), line.reversal.cancellation_reason)}`}
        </p>
      </div>
      <p className={cn('shrink-0 font-semibold whitespace-nowrap tabular-nums', struck && 'text-muted-foreground line-through')}>
        +{fmt.points(line.points)}
        {struck && <span className="sr-only"> {m.notCounted}</span>}
      </p>
    </li>
  );
}

/** The month's personal points against the threshold, and the sales that made them. */
export function PointsCard({ why }: { why: WhyNotPaid }) {
  const fmt = useFormat();
  const ratio = why.activity_points > 0 ? Math.min(why.personal_points / why.activity_points, 1) : 1;
  return (
    <Card data-testid="why-points">
      <CardHeader>
        <CardTitle>{m.points}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <p className="text-sm text-muted-foreground">
            <span className="text-3xl font-semibold text-foreground tabular-nums">{fmt.points(why.personal_points)}</span>{' '}
            {m.pointsOf(fmt.points(why.activity_points))}
          </p>
          <Badge tone={why.is_active ? 'green' : 'red'}>{why.is_active ? m.active : m.inactive}</Badge>
        </div>
        <div
          role="progressbar"
          aria-label={m.points}
          aria-valuemin={0}
          aria-valuemax={why.activity_points}
          aria-valuenow={Math.min(why.personal_points, why.activity_points)}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className={cn('h-full rounded-full', why.is_active ? 'bg-primary' : 'bg-tone-red-foreground')} style={{ width: `${ratio * 100}%` }} />
        </div>
        <p className="text-xs text-muted-foreground">{m.thresholdNote(why.month_closed)}</p>
        <div>
          <h4 className="text-sm font-medium">{m.pointSales}</h4>
          {why.point_lines.length === 0 ? (
            <p className="py-2 text-sm text-muted-foreground">{m.noPointSales}</p>
          ) : (
            <ul className="divide-y">
              {why.point_lines.map((line) => (
                <PointLine key={line.id} line={line} />
              ))}
            </ul>
          )}
          {why.point_lines_more && <p className="text-xs text-muted-foreground">{m.capped(why.point_lines.length)}</p>}
        </div>
      </CardContent>
    </Card>
  );
}

export function PointsCardSkeleton() {
  return (
    <Card>
      <CardHeader>
        <Skeleton className="h-5 w-48" />
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Skeleton className="h-9 w-40" />
        <Skeleton className="h-2 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </CardContent>
    </Card>
  );
}
