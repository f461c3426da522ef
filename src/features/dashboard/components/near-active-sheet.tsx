import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { dashboardQueries } from '@/api/dashboard/dashboard-queries';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/lib/format/use-format';
import { links } from '../dashboard-links';
import { m } from '../messages';

const LIMIT = 50;

function NearActiveList() {
  const f = useFormat();
  const query = useQuery(dashboardQueries.nearActive(LIMIT));
  if (query.isPending) return <Skeleton className="h-40 w-full" />;
  if (query.isError) return <ErrorState error={query.error} title={m.nearActiveFailed} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  return (
    <ul className="flex flex-col divide-y">
      {query.data.map((r) => (
        <li key={r.client_id}>
          <Link
            to={links.member(r.client_id)}
            className="flex items-center justify-between gap-3 px-1 py-2.5 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            <span className="min-w-0 truncate">
              {r.name} <span className="text-muted-foreground">#{r.member_no}</span>
            </span>
            <span className="shrink-0 text-sm text-muted-foreground tabular-nums">{m.points(f.points(r.personal_points))}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The members at 50–99 points: a panel of their own (Clientes has no points filter). */
export function NearActiveSheet({ from, to }: { from: number; to: number }) {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        {m.nearActiveOpen}
      </Button>
      <SheetContent side="right" closeLabel={m.close} className="gap-4 overflow-y-auto p-6">
        <SheetTitle className="pr-8 text-lg font-semibold">{m.nearActiveTitle}</SheetTitle>
        <SheetDescription className="text-sm text-muted-foreground">{m.nearActiveDescription(from, to)}</SheetDescription>
        {open && <NearActiveList />}
      </SheetContent>
    </Sheet>
  );
}
