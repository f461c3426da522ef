// The tree: the member at the top, their direct enrollees below, and each person's own enrollees
// opened on demand, a page at a time («Mostrar más» fetches the next page of that node only).
import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { networkQueries } from '@/api/network/network-queries';
import type { NetworkPerson } from '@/api/network/network-api';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { m } from './messages';
import { ActivityBadges, ContactLinks, StarLevel } from './person-details';

export const TREE_PAGE_SIZE = 20;

interface Whose {
  clientId: string | null;
  month: string;
}

/** The direct enrollees of `parentId` (null: of the member), page after page as asked. */
export function Enrollees({ whose, parentId, label }: { whose: Whose; parentId: string | null; label: string }) {
  const [pages, setPages] = useState(1);
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {Array.from({ length: pages }, (_, i) => (
        <EnrolleesPage key={i} whose={whose} parentId={parentId} page={i + 1} last={i + 1 === pages} onMore={() => setPages(pages + 1)} />
      ))}
    </ul>
  );
}

function EnrolleesPage({ whose, parentId, page, last, onMore }: { whose: Whose; parentId: string | null; page: number; last: boolean; onMore: () => void }) {
  const query = useQuery(
    // The member's own enrollees are generation 1; anyone else's are asked for by node.
    networkQueries.page({ ...whose, parentId, generation: parentId ? null : 1, page, pageSize: TREE_PAGE_SIZE }),
  );
  if (query.isPending) {
    return (
      <>
        {Array.from({ length: 3 }, (_, i) => (
          <li key={i} className="rounded-lg border p-3" aria-hidden="true">
            <Skeleton className="mb-2 h-4 w-40" />
            <Skeleton className="h-4 w-64 max-w-full" />
          </li>
        ))}
        <li className="sr-only" role="status">
          Cargando…
        </li>
      </>
    );
  }
  if (query.isError) {
    return (
      <li>
        <ErrorState title={m.loadFailed} error={query.error} onRetry={query.refetch} retrying={query.isFetching} />
      </li>
    );
  }
  const { rows, total } = query.data;
  const remaining = total - page * TREE_PAGE_SIZE;
  return (
    <>
      {rows.map((person) => (
        <TreeNode key={person.id} person={person} whose={whose} />
      ))}
      {last && remaining > 0 && (
        <li>
          <Button variant="outline" size="sm" onClick={onMore}>
            {m.more(remaining)}
          </Button>
        </li>
      )}
    </>
  );
}

function TreeNode({ person, whose }: { person: NetworkPerson; whose: Whose }) {
  const f = useFormat();
  const [open, setOpen] = useState(false);
  const childrenId = useId();
  const canOpen = person.enrollees > 0;
  return (
    <li className="rounded-lg border bg-card">
      <div className="flex items-start gap-2 p-3">
        {canOpen ? (
          <Button
            variant="ghost"
            size="icon"
            className="-my-1 -ml-1 size-8 shrink-0"
            aria-expanded={open}
            aria-controls={open ? childrenId : undefined}
            aria-label={open ? m.close(person.name) : m.open(person.name)}
            onClick={() => setOpen(!open)}
          >
            <ChevronRight className={cn('transition-transform', open && 'rotate-90')} aria-hidden="true" />
          </Button>
        ) : (
          <span className="size-8 shrink-0 max-sm:hidden" aria-hidden="true" />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-medium">{person.name}</span>
            <StarLevel level={person.star_level} />
            <ActivityBadges person={person} />
          </div>
          <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-muted-foreground">
            <span className="tabular-nums">{m.pointsOf(f.points(person.month_points))}</span>
            <span>{m.joined(f.date(person.joined_at))}</span>
            {canOpen && <span>{m.enrollees(person.enrollees)}</span>}
          </p>
          <ContactLinks person={person} />
        </div>
      </div>
      {open && (
        <div id={childrenId} className="border-t py-2 pr-2 pl-4 sm:pl-8">
          <Enrollees whose={whose} parentId={person.id} label={m.enrolleesOf(person.name)} />
        </div>
      )}
    </li>
  );
}
