import { Skeleton } from '@/components/ui/skeleton';

/** The page's shape while it loads: the member's heading, then product cards. */
export function PublicPageSkeleton() {
  return (
    <div role="status" aria-label="Cargando la página" className="flex flex-col gap-12">
      <div className="flex flex-col gap-3">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-10 w-72 max-w-full" />
        <Skeleton className="h-4 w-32" />
        <Skeleton className="mt-2 h-9 w-28" />
      </div>
      <div className="flex flex-col gap-4">
        <Skeleton className="h-7 w-32" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="overflow-hidden rounded-xl border">
              <Skeleton className="aspect-[4/3] w-full rounded-none" />
              <div className="flex flex-col gap-2 p-4">
                <Skeleton className="h-3 w-20" />
                <Skeleton className="h-5 w-40" />
                <Skeleton className="h-4 w-full" />
                <Skeleton className="mt-2 h-6 w-24" />
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** The contact form's shape while its code arrives. */
export function ContactFormSkeleton() {
  return (
    <div role="status" aria-label="Cargando el formulario" className="flex flex-col gap-5 rounded-xl border p-4 sm:p-6">
      <Skeleton className="h-6 w-56 max-w-full" />
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="flex flex-col gap-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-9 w-full" />
        </div>
      ))}
      <Skeleton className="h-9 w-36" />
    </div>
  );
}
