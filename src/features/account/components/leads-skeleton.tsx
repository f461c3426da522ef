import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

export function LeadsSkeleton() {
  return (
    <ul className="divide-y" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <li key={i} className="flex flex-col gap-2 py-4">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-56 max-w-full" />
          <Skeleton className="h-4 w-full" />
        </li>
      ))}
    </ul>
  );
}

/** The contacts card while its code loads. */
export function LeadsCardSkeleton() {
  return (
    <Card>
      <CardHeader className="pb-2">
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-4 w-72 max-w-full" />
      </CardHeader>
      <CardContent>
        <LeadsSkeleton />
      </CardContent>
    </Card>
  );
}
