// Configuración › Bitácora (superadmin): the audit log filtered by table, person, record and dates
// (days in the company's time zone), paged on the server; each change with who made it (an operator's
// direct SQL under its database role), its old and new values side by side with the changed keys
// marked, and a link to the record where a screen shows it.
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { auditQueries } from '@/api/audit/audit-queries';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { useUrlState } from '@/lib/url/url-state';
import { cn } from '@/lib/utils';
import { AuditEntryCard } from './audit-entry';
import { AUDIT_PAGE_SIZES as PAGE_SIZES, auditSearch } from './audit-search';
import { AuditFilters } from './audit-filters';
import { m } from './messages';

export default function AuditPanel() {
  const [search, setSearch] = useUrlState(auditSearch);
  const log = useQuery(
    auditQueries.log({
      table: search.tabla,
      actorEmail: search.persona,
      rowId: search.registro,
      from: search.desde,
      to: search.hasta,
      page: search.pagina,
      pageSize: search.por_pagina,
    }),
  );
  return (
    <section aria-labelledby="audit-title" className="flex flex-col gap-4">
      <div>
        <h2 id="audit-title" className="text-base font-semibold">
          {m.title}
        </h2>
        <p className="text-sm text-muted-foreground">{m.hint}</p>
      </div>
      <AuditFilters search={search} onApply={(filters) => setSearch({ ...filters, pagina: 1 })} />
      {log.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-32 w-full" />
          ))}
        </div>
      ) : log.isError ? (
        <ErrorState title={m.loadFailed} error={log.error} onRetry={() => log.refetch()} retrying={log.isFetching} />
      ) : log.data.rows.length === 0 ? (
        <EmptyState icon={History} title={m.emptyTitle} description={m.emptyDescription} />
      ) : (
        <div className={cn('flex flex-col gap-3', log.isPlaceholderData && 'opacity-60')}>
          <ol aria-label={m.title} className="flex flex-col gap-3">
            {log.data.rows.map((entry) => (
              <li key={entry.id}>
                <AuditEntryCard entry={entry} />
              </li>
            ))}
          </ol>
          <Pagination
            page={search.pagina}
            pageSize={search.por_pagina}
            pageSizes={PAGE_SIZES}
            total={log.data.total}
            capped={log.data.capped}
            sizeLabel={m.sizeLabel}
            onPageChange={(pagina) => setSearch({ pagina })}
            onPageSizeChange={(por_pagina) => setSearch({ por_pagina, pagina: 1 })}
          />
        </div>
      )}
    </section>
  );
}
