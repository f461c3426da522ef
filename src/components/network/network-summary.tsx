// The network by generation in the month: members, active, at risk (open month only) and points.
// Each generation opens the table at that generation, so every figure leads to the people behind it.
import type { NetworkGeneration } from '@/api/network/network-api';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { stickyCell, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { m } from './messages';

interface Props {
  rows: NetworkGeneration[] | undefined;
  closed: boolean;
  /** Opens the people of a generation; without it, the generations are plain labels. */
  onOpenGeneration?: (generation: number) => void;
  /** The card's heading (the member's own network by default). */
  title?: string;
}

const num = 'text-right tabular-nums';
// On a phone five columns share 340 px: narrower padding and headers that may take two lines keep every
// figure in view; a larger network still scrolls with the generation kept at the left (issue 25 §7).
const tight = 'max-sm:px-1.5';
const tightHead = cn(tight, 'max-sm:whitespace-normal');

export function NetworkSummary({ rows, closed, onOpenGeneration, title = m.summaryTitle }: Props) {
  const f = useFormat();
  const generations = rows?.filter((r) => r.generation !== null) ?? [];
  const total = rows?.find((r) => r.generation === null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-base font-semibold">{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="px-2 sm:px-6">
        <Table scrollHint aria-label={m.summaryCaption} aria-busy={!rows || undefined} className="text-sm">
          <TableHeader>
            <TableRow>
              <TableHead scope="col" className={cn(tightHead, stickyCell)}>
                <span className="sm:hidden">{m.generationShort}</span>
                <span className="max-sm:hidden">{m.generationFilter}</span>
              </TableHead>
              <TableHead scope="col" className={cn(tightHead, 'text-right')}>
                {m.members}
              </TableHead>
              <TableHead scope="col" className={cn(tightHead, 'text-right')}>
                {m.active}
              </TableHead>
              {!closed && (
                <TableHead scope="col" className={cn(tightHead, 'text-right')}>
                  {m.atRisk}
                </TableHead>
              )}
              <TableHead scope="col" className={cn(tightHead, 'text-right')}>
                {m.points}
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {!rows &&
              Array.from({ length: 3 }, (_, i) => (
                <TableRow key={i}>
                  {Array.from({ length: closed ? 4 : 5 }, (_, j) => (
                    <TableCell key={j}>
                      <Skeleton className={j === 0 ? 'h-4 w-20' : 'ml-auto h-4 w-10'} />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            {generations.map((g) => (
              <TableRow key={g.generation}>
                <TableHead scope="row" className={cn(tight, stickyCell, 'font-normal')}>
                  {onOpenGeneration ? (
                    <Button
                      variant="link"
                      size="sm"
                      className="h-8 px-0 text-sm"
                      aria-label={m.generation(g.generation!)}
                      onClick={() => onOpenGeneration(g.generation!)}
                    >
                      <span className="sm:hidden">{g.generation}</span>
                      <span className="max-sm:hidden">{m.generation(g.generation!)}</span>
                    </Button>
                  ) : (
                    m.generation(g.generation!)
                  )}
                </TableHead>
                <TableCell className={cn(tight, num)}>{f.count(g.members)}</TableCell>
                <TableCell className={cn(tight, num)}>{f.count(g.active)}</TableCell>
                {!closed && <TableCell className={cn(tight, num)}>{f.count(g.at_risk)}</TableCell>}
                <TableCell className={cn(tight, num)}>{f.points(g.month_points)}</TableCell>
              </TableRow>
            ))}
            {total && generations.length > 0 && (
              <TableRow className="border-t-2 font-semibold">
                <TableHead scope="row" className={cn(tight, stickyCell, 'text-sm text-foreground')}>
                  {m.total}
                </TableHead>
                <TableCell className={cn(tight, num)}>{f.count(total.members)}</TableCell>
                <TableCell className={cn(tight, num)}>{f.count(total.active)}</TableCell>
                {!closed && <TableCell className={cn(tight, num)}>{f.count(total.at_risk)}</TableCell>}
                <TableCell className={cn(tight, num)}>{f.points(total.month_points)}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
