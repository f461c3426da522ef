// Análisis de Salud (superadmin): pick a member, then either the questionnaire (consent first) or an
// analysis the database computed and saved, beside the member's history. `?miembro=<id>` holds the
// member, `?analisis=<id>` the analysis open (none: a new one), so a reload or a shared link shows the same.
import { useQuery } from '@tanstack/react-query';
import { HeartPulse, UserRound } from 'lucide-react';
import { healthQueries } from '@/api/health/health-queries';
import { clientsQueries } from '@/api/clients/clients-queries';
import { MemberSearch } from '@/components/member-search';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths, routeLabel } from '@/config/paths';
import { useUrlState } from '@/lib/url/url-state';
import { AnalysisHistory } from '../components/analysis-history';
import { AnalysisResult } from '../components/analysis-result';
import { QuestionnaireForm } from '../components/questionnaire-form';
import { healthSearch } from '../health-search';
import { m } from '../messages';

export default function HealthAnalysisPage() {
  const [search, setSearch] = useUrlState(healthSearch);
  const clientId = search.miembro;
  return (
    <>
      <PageHeader title={routeLabel(paths.healthAnalysis)} />
      {clientId ? (
        <MemberWorkspace
          key={clientId}
          clientId={clientId}
          analysisId={search.analisis}
          page={search.hpagina}
          pageSize={search.hpor_pagina}
          onChangeMember={() => setSearch({ miembro: undefined, analisis: undefined, hpagina: 1 })}
          onOpen={(analisis) => setSearch({ analisis })}
          onPage={(hpagina) => setSearch({ hpagina })}
          onPageSize={(hpor_pagina) => setSearch({ hpor_pagina, hpagina: 1 })}
        />
      ) : (
        <div className="mx-auto flex max-w-xl flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6">
          <EmptyState icon={HeartPulse} title={m.pickTitle} description={m.pickDescription} className="py-4" />
          <MemberSearch label={m.memberSearch} onPick={(member) => setSearch({ miembro: member.id, analisis: undefined, hpagina: 1 })} />
        </div>
      )}
    </>
  );
}

interface WorkspaceProps {
  clientId: string;
  analysisId: string | undefined;
  page: number;
  pageSize: number;
  onChangeMember: () => void;
  onOpen: (id: string | undefined) => void;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

function MemberWorkspace({ clientId, analysisId, page, pageSize, onChangeMember, onOpen, onPage, onPageSize }: WorkspaceProps) {
  const member = useQuery(clientsQueries.profile(clientId));
  const questionnaire = useQuery(healthQueries.questionnaire());
  const analysis = useQuery({ ...healthQueries.detail(analysisId ?? ''), enabled: !!analysisId });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex min-w-0 flex-col gap-4">
        <section aria-label={m.member} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card px-4 py-3">
          {member.isPending ? (
            <Skeleton className="h-10 w-56" />
          ) : member.isError ? (
            <ErrorState title={m.memberFailed} error={member.error} onRetry={() => member.refetch()} retrying={member.isFetching} className="py-2" />
          ) : (
            <div className="flex min-w-0 items-center gap-3">
              <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <UserRound className="size-5" aria-hidden="true" />
              </div>
              <div className="min-w-0">
                <p className="font-medium break-words">{member.data.name}</p>
                <p className="text-xs break-all text-muted-foreground">
                  {member.data.email}
                  {member.data.document_number ? ` · ${member.data.document_number}` : ''}
                </p>
              </div>
            </div>
          )}
          <Button variant="outline" size="sm" onClick={onChangeMember}>
            {m.changeMember}
          </Button>
        </section>

        <div className="rounded-xl border bg-card p-4 sm:p-6">
          {questionnaire.isPending || (analysisId && analysis.isPending) ? (
            <div className="flex flex-col gap-4" aria-busy="true">
              <Skeleton className="h-24 w-full" />
              <Skeleton className="h-6 w-48" />
              <Skeleton className="h-20 w-full" />
              <Skeleton className="h-32 w-full" />
            </div>
          ) : questionnaire.isError ? (
            <ErrorState title={m.questionnaireFailed} error={questionnaire.error} onRetry={() => questionnaire.refetch()} retrying={questionnaire.isFetching} />
          ) : analysisId && analysis.isError ? (
            <ErrorState title={m.analysisFailed} error={analysis.error} onRetry={() => analysis.refetch()} retrying={analysis.isFetching} />
          ) : analysisId && analysis.data?.client_id === clientId ? (
            <AnalysisResult
              analysis={analysis.data}
              options={questionnaire.data.options}
              member={{ name: member.data?.name ?? '', email: member.data?.email ?? null }}
              onNew={() => onOpen(undefined)}
            />
          ) : (
            <>
              <h2 className="mb-4 text-lg font-semibold">{m.newAnalysis}</h2>
              <QuestionnaireForm clientId={clientId} questionnaire={questionnaire.data} onSaved={onOpen} />
            </>
          )}
        </div>
      </div>

      <AnalysisHistory
        clientId={clientId}
        openId={analysisId}
        page={page}
        pageSize={pageSize}
        goals={questionnaire.data?.options.goal}
        onOpen={onOpen}
        onPage={onPage}
        onPageSize={onPageSize}
      />
    </div>
  );
}
