import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import type { EnrollerCandidate, EnrollerChangePreview } from '@/api/clients-why/why-api';
import { useChangeEnroller } from '@/api/clients-why/why-mutations';
import { clientsWhyQueries } from '@/api/clients-why/why-queries';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ReasonField } from '@/components/ui/reason-field';
import { reasonProblem, type ReasonOptions } from '@/components/ui/reason-rules';
import { Skeleton } from '@/components/ui/skeleton';
import { errorText } from '@/lib/feedback/error-text';
import { useFormat } from '@/lib/format/use-format';
import { CandidateSearch } from './candidate-search';
import { enrollerMessages as m } from './messages';
import { Upline } from './upline';

const reasonOptions: ReasonOptions = { label: m.reason, placeholder: m.reasonPlaceholder };

function Refusal({ children }: { children: string }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
      data-testid="enroller-refusal"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>{children}</p>
    </div>
  );
}

function PreviewView({ preview }: { preview: EnrollerChangePreview }) {
  const fmt = useFormat();
  const others = preview.moved_members - 1;
  const rest = preview.moved_members - preview.first_moved.length;
  return (
    <div className="flex flex-col gap-3 rounded-md border p-3" data-testid="enroller-preview">
      <p className="font-medium">{m.moves(fmt.count(preview.moved_members), preview.moved_members)}</p>
      <ul className="flex flex-col gap-0.5 text-sm" aria-label={m.movesList}>
        {preview.first_moved.map((p) => (
          <li key={p.id} className="flex justify-between gap-3">
            <span className="min-w-0 truncate">{p.name}</span>
            <span className="shrink-0 text-xs text-muted-foreground">{m.generation(p.generation)}</span>
          </li>
        ))}
        {rest > 0 && <li className="text-xs text-muted-foreground">{m.more(fmt.count(rest))}</li>}
      </ul>
      <div className="grid gap-3 sm:grid-cols-2">
        <Upline label={m.before} people={preview.old_upline} />
        <Upline label={m.after} people={preview.new_upline} />
      </div>
      <p className="text-sm font-medium" data-testid="enroller-what-happens">
        {m.whatHappens(preview.client_name, fmt.count(others), others, preview.new_enroller_name)}
      </p>
      <p className="text-sm text-muted-foreground">{m.consequences}</p>
    </div>
  );
}

/** Search the new enroller, read what moves, give the reason and confirm; refusals stay in the dialog. */
export default function ChangeEnrollerDialog({ clientId, open, onOpenChange }: { clientId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [candidate, setCandidate] = useState<EnrollerCandidate | null>(null);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const change = useChangeEnroller();
  const preview = useQuery({ ...clientsWhyQueries.enrollerPreview(clientId, candidate?.id ?? ''), enabled: !!candidate });
  const reasonError = touched ? reasonProblem(reason, reasonOptions) : null;

  const choose = (c: EnrollerCandidate) => {
    setCandidate(c);
    change.reset();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!candidate || !preview.data || reasonProblem(reason, reasonOptions)) return;
    change.mutate({ clientId, newEnrollerId: candidate.id, reason: reason.trim() }, { onSuccess: () => onOpenChange(false) });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !change.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-xl" onInteractOutside={(e) => e.preventDefault()}>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{m.title}</DialogTitle>
            <DialogDescription>{m.description(preview.data?.client_name ?? 'el miembro')}</DialogDescription>
          </DialogHeader>
          <CandidateSearch selected={candidate} onSelect={choose} />
          {candidate && preview.isPending && (
            <div className="flex flex-col gap-2" aria-label={m.previewLoading}>
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-16 w-full" />
            </div>
          )}
          {preview.isError && <Refusal>{errorText(preview.error, m.previewFailed)}</Refusal>}
          {preview.data && (
            <>
              <PreviewView preview={preview.data} />
              <ReasonField options={reasonOptions} value={reason} onChange={setReason} error={reasonError} disabled={change.isPending} />
            </>
          )}
          {change.isError && <Refusal>{errorText(change.error, m.failed)}</Refusal>}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={change.isPending} onClick={() => onOpenChange(false)}>
              {m.cancel}
            </Button>
            <Button type="submit" disabled={!preview.data || change.isPending}>
              {change.isPending ? m.pending : m.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
