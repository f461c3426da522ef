import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod/mini';
import type { EnrollerCandidate, EnrollerChangePreview } from '@/api/clients-why/why-api';
import { useChangeEnroller } from '@/api/clients-why/why-mutations';
import { clientsWhyQueries } from '@/api/clients-why/why-queries';
import { Form, FormFooter } from '@/components/form/form';
import { FormAlert } from '@/components/form/form-alert';
import { useAppForm, useFormSubmit } from '@/components/form/use-app-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ReasonField } from '@/components/ui/reason-field';
import { reasonProblem, type ReasonOptions } from '@/components/ui/reason-rules';
import { Skeleton } from '@/components/ui/skeleton';
import { errorText } from '@/lib/feedback/error-text';
import { useFormat } from '@/lib/format/use-format';
import { CandidateSearch } from './candidate-search';
import { enrollerMessages as m } from './messages';
import { Upline } from './upline';

const reasonOptions: ReasonOptions = { label: m.reason, placeholder: m.reasonPlaceholder };

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

const reasonSchema = z.object({
  reason: z.string().check((ctx) => {
    const problem = reasonProblem(ctx.value, reasonOptions);
    if (problem) ctx.issues.push({ code: 'custom', input: ctx.value, message: problem });
  }),
});

/** Search the new enroller, read what moves, give the reason and confirm; refusals stay in the dialog. */
export default function ChangeEnrollerDialog({ clientId, open, onOpenChange }: { clientId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [candidate, setCandidate] = useState<EnrollerCandidate | null>(null);
  const change = useChangeEnroller();
  const preview = useQuery({ ...clientsWhyQueries.enrollerPreview(clientId, candidate?.id ?? ''), enabled: !!candidate });
  const form = useAppForm(reasonSchema, { defaultValues: { reason: '' } });
  const pending = form.formState.isSubmitting;
  const submit = useFormSubmit(
    form,
    async ({ reason }) => {
      if (!candidate || !preview.data) return;
      await change.mutateAsync({ clientId, newEnrollerId: candidate.id, reason: reason.trim() });
      onOpenChange(false);
    },
    { alert: (error) => errorText(error, m.failed) },
  );

  const choose = (c: EnrollerCandidate) => {
    setCandidate(c);
    form.clearErrors('root');
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-xl" onInteractOutside={(e) => e.preventDefault()}>
        <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
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
          {preview.isError && <FormAlert message={errorText(preview.error, m.previewFailed)} data-testid="enroller-refusal" />}
          {preview.data && (
            <>
              <PreviewView preview={preview.data} />
              <Controller
                control={form.control}
                name="reason"
                render={({ field, fieldState }) => (
                  <ReasonField
                    ref={field.ref}
                    options={reasonOptions}
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldState.error?.message ?? null}
                    disabled={pending}
                  />
                )}
              />
            </>
          )}
          <FormFooter
            submitLabel={m.confirm}
            pendingLabel={m.pending}
            submitDisabled={!preview.data}
            cancelLabel={m.cancel}
            cancelVariant="outline"
            onCancel={() => onOpenChange(false)}
          />
        </Form>
      </DialogContent>
    </Dialog>
  );
}
