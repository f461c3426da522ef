// One saved analysis: the red-flag warning or the recommendations with their reasons, what was excluded
// and why, always the reminder that it is not medical advice, the answers and the consent; «Descargar PDF».
import { AlertTriangle, Download, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { HealthAnalysis, HealthQuestionnaire } from '@/api/health/health-api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useAppSettings } from '@/lib/data/app-settings';
import { useFormat } from '@/lib/format/use-format';
import { m, NOT_MEDICAL_ADVICE } from '../messages';
import { answerLines } from './analysis-text';

interface Props {
  analysis: HealthAnalysis;
  options: HealthQuestionnaire['options'];
  member: { name: string; email: string | null };
  onNew: () => void;
}

export function AnalysisResult({ analysis: a, options, member, onNew }: Props) {
  const f = useFormat();
  const settings = useAppSettings();
  const [pdf, setPdf] = useState<{ pending: boolean; error: string | null }>({ pending: false, error: null });
  // Just saved or opened from the history (below the form on a phone): bring the result into view.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), [a.id]);

  const download = async () => {
    setPdf({ pending: true, error: null });
    try {
      const { downloadAnalysis } = await import('./download-analysis');
      await downloadAnalysis({ analysis: a, options, member, companyName: settings.company_name, f });
      setPdf({ pending: false, error: null });
    } catch {
      setPdf({ pending: false, error: m.pdfFailed });
    }
  };

  return (
    <article className="flex flex-col gap-5" aria-labelledby="health-result-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="health-result-title" ref={title} tabIndex={-1} className="scroll-mt-20 text-lg font-semibold outline-none">
            {m.resultTitle(f.dateTime(a.created_at))}
          </h2>
          <p className="text-sm break-words text-muted-foreground">{member.name}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={onNew}>
            <Plus aria-hidden="true" />
            {m.backToForm}
          </Button>
          <Button onClick={() => void download()} disabled={pdf.pending}>
            <Download aria-hidden="true" />
            {pdf.pending ? m.preparingPdf : m.downloadPdf}
          </Button>
        </div>
      </div>
      {pdf.error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {pdf.error}
        </p>
      )}

      {a.warning ? (
        <div className="flex gap-3 rounded-lg border border-tone-amber-foreground/30 bg-tone-amber p-4 text-tone-amber-foreground">
          <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold">{a.warning}</p>
            <p className="text-sm">{m.redFlagsMarked(a.red_flags.join(', '))}</p>
          </div>
        </div>
      ) : (
        <>
          <section aria-labelledby="health-recommendations" className="flex flex-col gap-2">
            <h3 id="health-recommendations" className="font-semibold">
              {m.recommendations}
            </h3>
            {a.recommendations.length === 0 ? (
              <p className="text-sm text-muted-foreground">{m.noMatches}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {a.recommendations.map((r) => (
                  <li key={`${r.kind}-${r.id}`} className="rounded-lg border bg-card p-3">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge tone={r.kind === 'product' ? 'green' : 'blue'}>{r.kind === 'product' ? m.product : m.recipe}</Badge>
                      <span className="font-medium break-words">{r.name}</span>
                    </div>
                    <p className="mt-1 text-sm text-muted-foreground">{r.reason}</p>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {a.exclusions.length > 0 && (
            <section aria-labelledby="health-exclusions" className="flex flex-col gap-2">
              <h3 id="health-exclusions" className="font-semibold">
                {m.exclusions}
              </h3>
              <ul className="flex flex-col gap-2">
                {a.exclusions.map((x) => (
                  <li key={`${x.kind}-${x.id}`} className="rounded-lg border border-dashed p-3">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge tone="gray">{x.kind === 'product' ? m.product : m.recipe}</Badge>
                      <span className="font-medium break-words">{x.name}</span>
                    </div>
                    <p className="mt-1 text-sm text-muted-foreground">{x.reason}</p>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}

      <p className="rounded-lg bg-muted px-4 py-3 text-sm font-medium">{NOT_MEDICAL_ADVICE}</p>

      <section aria-labelledby="health-answers">
        <h3 id="health-answers" className="mb-2 font-semibold">
          {m.answers}
        </h3>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(0,14rem)_1fr]">
          {answerLines(a, options).map(([question, answer]) => (
            <div key={question} className="contents">
              <dt className="text-muted-foreground">{question}</dt>
              <dd className="mb-2 break-words first-letter:uppercase sm:mb-0">{answer}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="health-consent" className="text-sm">
        <h3 id="health-consent" className="mb-1 font-semibold">
          {m.consentGiven(a.consent_version, f.dateTime(a.consented_at))}
        </h3>
        <p className="text-muted-foreground">{a.consent_text}</p>
      </section>
    </article>
  );
}
