import { useQuery } from '@tanstack/react-query';
import { Inbox, Mail, Phone } from 'lucide-react';
import { z } from 'zod';
import type { Lead } from '@/api/leads/leads-api';
import { useUpdateLeadStatus } from '@/api/leads/leads-mutations';
import { leadsQueries } from '@/api/leads/leads-queries';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { NativeSelect } from '@/components/ui/native-select';
import { Pagination } from '@/components/ui/pagination';
import { LEAD_STATUSES, leadStatusLabels, oneOf } from '@/lib/data/domain';
import { useFormat } from '@/lib/format/use-format';
import { pageParam, pageSizeParam } from '@/lib/url/url-params';
import { useUrlState } from '@/lib/url/url-state';
import { cn } from '@/lib/utils';
import { accountMessages as m } from '../messages';
import { LeadsSkeleton } from './leads-skeleton';

const LEAD_PAGE_SIZES = [5, 10, 20] as const;
const leadsSearch = z.object({ contactos: pageParam(), contactos_por_pagina: pageSizeParam(LEAD_PAGE_SIZES, 5) });

/**
 * The newest contacts from the public page, each with its follow-up the member moves along. Loaded
 * after the page (it sits below the fold): its URL state brings Zod, which the first load leaves out.
 */
export default function LeadsCard({ clientId, hasPage }: { clientId: string; hasPage: boolean }) {
  const [search, setSearch] = useUrlState(leadsSearch);
  const params = { clientId, page: search.contactos, pageSize: search.contactos_por_pagina };
  const leads = useQuery(leadsQueries.list(params));
  return (
    <Card data-testid="leads-card">
      <CardHeader className="pb-2">
        <CardTitle>
          <h2>{m.leadsTitle}</h2>
        </CardTitle>
        <CardDescription>{m.leadsDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {leads.isPending ? (
          <LeadsSkeleton />
        ) : leads.isError ? (
          <ErrorState error={leads.error} onRetry={() => leads.refetch()} retrying={leads.isFetching} />
        ) : leads.data.rows.length === 0 ? (
          <EmptyState icon={Inbox} title={m.leadsEmpty} description={hasPage ? m.leadsEmptyHint : m.leadsEmptyNoPage} />
        ) : (
          <>
            <ul className={cn('divide-y', leads.isPlaceholderData && 'opacity-60')}>
              {leads.data.rows.map((lead) => (
                <LeadItem key={lead.id} lead={lead} />
              ))}
            </ul>
            {leads.data.total > LEAD_PAGE_SIZES[0] && (
              <Pagination
                page={search.contactos}
                pageSize={search.contactos_por_pagina}
                pageSizes={LEAD_PAGE_SIZES}
                total={leads.data.total}
                onPageChange={(contactos) => setSearch({ contactos })}
                onPageSizeChange={(size) => setSearch({ contactos_por_pagina: size, contactos: 1 })}
              />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function LeadItem({ lead }: { lead: Lead }) {
  const fmt = useFormat();
  const update = useUpdateLeadStatus();
  const selectId = `lead-${lead.id}-status`;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between" data-testid="lead">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <p className="font-medium">{lead.name}</p>
          <time dateTime={lead.created_at} className="text-xs text-muted-foreground">
            {fmt.dateTime(lead.created_at)}
          </time>
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {lead.email && (
            <a
              href={`mailto:${lead.email}`}
              className="inline-flex items-center gap-1 break-all text-primary underline-offset-4 hover:underline"
              aria-label={`${m.writeTo(lead.name)}: ${lead.email}`}
            >
              <Mail className="size-3.5 shrink-0" aria-hidden="true" />
              {lead.email}
            </a>
          )}
          {lead.phone && (
            <a
              href={`tel:${lead.phone.replace(/\s+/g, '')}`}
              className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
              aria-label={`${m.callTo(lead.name)}: ${lead.phone}`}
            >
              <Phone className="size-3.5 shrink-0" aria-hidden="true" />
              {lead.phone}
            </a>
          )}
        </div>
        <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{lead.message || m.noMessage}</p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <label htmlFor={selectId} className="text-sm text-muted-foreground">
          {m.followUp}
          <span className="sr-only"> {m.followUpOf(lead.name)}</span>
        </label>
        <NativeSelect
          id={selectId}
          value={update.isPending && update.variables ? update.variables.status : lead.status}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ id: lead.id, status: oneOf(LEAD_STATUSES, e.target.value) })}
        >
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {leadStatusLabels[status]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </li>
  );
}
