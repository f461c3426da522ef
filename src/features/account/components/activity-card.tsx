import { ShoppingBasket, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import type { MemberMonth } from '@/api/members/members-api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useFormat } from '@/lib/format/use-format';
import { accountMessages as m } from '../messages';
import { atRiskSentence, daysLeftText } from '../month-sentences';
import { ProgressRing } from './progress-ring';

/** «¿Cómo voy?»: personal points against the activity threshold, the days left and the status. */
export function ActivityCard({ month }: { month: MemberMonth }) {
  const fmt = useFormat();
  const points = fmt.points(month.personal_points);
  const threshold = fmt.points(month.activity_points);
  const missing = `${fmt.points(month.points_missing)} ${month.points_missing === 1 ? 'punto' : 'puntos'}`;
  const status = month.is_current ? (month.is_active ? m.alreadyActive : m.stillMissing(missing)) : month.is_active ? m.endedActive : m.endedInactive;
  return (
    <Card data-testid="activity-card">
      <CardHeader className="pb-4">
        <div className="flex items-start justify-between gap-3">
          <div className="flex flex-col gap-1.5">
            <CardTitle>
              <h2>{m.activityTitle}</h2>
            </CardTitle>
            <CardDescription>{m.activityDescription(threshold)}</CardDescription>
          </div>
          <Badge tone={month.is_active ? 'green' : 'amber'} data-testid="activity-status">
            {month.is_active ? m.active : m.inactive}
          </Badge>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-5 sm:flex-row">
        <ProgressRing value={month.personal_points} max={month.activity_points} label={m.pointsOf(points, threshold)}>
          <span className="text-3xl font-semibold tabular-nums" data-testid="personal-points">
            {points}
          </span>
          <span className="text-xs text-muted-foreground">
            de {threshold} {m.pointsUnit}
          </span>
        </ProgressRing>
        <div className="flex flex-col gap-2 text-center sm:text-left">
          <p className="text-sm font-medium" data-testid="days-left">
            {daysLeftText(month)}
          </p>
          <p className="text-sm text-muted-foreground">{status}</p>
        </div>
      </CardContent>
    </Card>
  );
}

/** Inactive with income the close would forfeit: how much, how many points, until when. */
export function AtRiskAlert({ month }: { month: MemberMonth }) {
  const fmt = useFormat();
  const sentence = atRiskSentence(month, fmt);
  if (!sentence) return null;
  return (
    <section
      aria-labelledby="at-risk-title"
      data-testid="at-risk"
      className="flex flex-col gap-3 rounded-xl border border-tone-amber-foreground/30 bg-tone-amber p-4 text-tone-amber-foreground sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="flex flex-col gap-1">
          <h2 id="at-risk-title" className="font-semibold">
            {m.atRiskTitle}
          </h2>
          <p className="text-sm" data-testid="at-risk-sentence">
            {sentence}
          </p>
        </div>
      </div>
      <Button asChild className="sm:shrink-0">
        <Link to={paths.placeOrder}>
          <ShoppingBasket aria-hidden="true" />
          {m.placeOrder}
        </Link>
      </Button>
    </section>
  );
}

export function ActivityCardSkeleton() {
  return (
    <Card>
      <CardHeader className="pb-4">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-4 w-64 max-w-full" />
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-5 sm:flex-row">
        <Skeleton className="size-36 rounded-full" />
        <div className="flex w-full flex-col gap-2">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-56 max-w-full" />
        </div>
      </CardContent>
    </Card>
  );
}
