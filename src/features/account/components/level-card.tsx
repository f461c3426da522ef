import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { MemberMonth } from '@/api/members/members-api';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useFormat } from '@/lib/format/use-format';
import { accountMessages as m } from '../messages';
import { levelName, nextLevelSentence } from '../month-sentences';

/** The star level held and what the next one needs this month, in group points. */
export function LevelCard({ month }: { month: MemberMonth }) {
  const fmt = useFormat();
  const target = month.next_level_group_points;
  const share = target ? Math.min(month.group_points / target, 1) : 1;
  return (
    <Card data-testid="level-card" className="flex flex-col">
      <CardHeader className="pb-4">
        <CardTitle>
          <h2>{m.levelTitle}</h2>
        </CardTitle>
        <CardDescription className="text-2xl font-semibold text-foreground" data-testid="level-name">
          {levelName(month.star_level, month.star_name)}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
          <span className="text-muted-foreground">{m.groupPoints}</span>
          <span className="font-medium tabular-nums" data-testid="group-points">
            {target ? m.groupPointsOf(fmt.points(month.group_points), fmt.points(target)) : fmt.points(month.group_points)}
          </span>
        </div>
        {target !== null && month.next_level !== null && (
          <div
            role="progressbar"
            aria-label={m.groupProgress(`★${month.next_level}`)}
            aria-valuemin={0}
            aria-valuemax={target}
            aria-valuenow={Math.min(month.group_points, target)}
            aria-valuetext={m.groupPointsOf(fmt.points(month.group_points), fmt.points(target))}
            className="h-2.5 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${share * 100}%` }} />
          </div>
        )}
        <p className="text-sm" data-testid="next-level">
          {nextLevelSentence(month, fmt)}
        </p>
      </CardContent>
      {/* Group points are the network's: Mi Red shows whose they are. */}
      <CardFooter className="mt-auto">
        <Button asChild variant="outline">
          <Link to={paths.network}>
            {m.toNetwork}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

export function LevelCardSkeleton() {
  return (
    <Card>
      <CardHeader className="pb-4">
        <Skeleton className="h-5 w-24" />
        <Skeleton className="h-7 w-40" />
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-2.5 w-full rounded-full" />
        <Skeleton className="h-4 w-64 max-w-full" />
      </CardContent>
    </Card>
  );
}
