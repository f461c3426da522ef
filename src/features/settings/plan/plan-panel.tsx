// The compensation plan: the star levels edited as a whole, «Vista previa» (the last closed month
// replayed by the database under the draft) and «Guardar plan» with a confirmation; then the versions.
import { useFormat } from '@/lib/format/use-format';
import { useQuery } from '@tanstack/react-query';
import { Calculator, LoaderCircle, Minus, Plus, Save, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useFieldArray, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod/mini';
import { parseWhatIf, requestPlanWhatIf, type PlanLevel } from '@/api/plan/plan-api';
import { useSavePlan } from '@/api/plan/plan-mutations';
import { planQueries } from '@/api/plan/plan-queries';
import { useSimulation } from '@/api/simulations/use-simulation';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Form } from '@/components/form/form';
import { FormAlert } from '@/components/form/form-alert';
import { useAppForm, useFormSubmit, type AppForm } from '@/components/form/use-app-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { toDbError, type DbError } from '@/lib/data/db';
import { cn } from '@/lib/utils';
import { nextLevel, toDraft, toRows } from './plan-draft';
import { planMessages as m } from './plan-messages';
import { PlanVersions } from './plan-versions';
import { WhatIfResult } from './what-if-result';

export default function PlanPanel() {
  const levels = useQuery(planQueries.levels());
  return (
    <div className="flex max-w-5xl flex-col gap-6">
      {levels.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : levels.isError ? (
        <ErrorState title={m.loadFailed} error={levels.error} onRetry={() => levels.refetch()} retrying={levels.isFetching} />
      ) : (
        // A new plan from the database (after a save) starts a new draft.
        <PlanEditor key={JSON.stringify(levels.data)} levels={levels.data} />
      )}
      <PlanVersions />
    </div>
  );
}

const planSchema = z.object({
  levels: z.array(
    z.object({ name: z.string(), personal_points: z.string(), group_points: z.string(), rates: z.array(z.string()), volume: z.string(), starter: z.string() }),
  ),
});
type PlanForm = AppForm<typeof planSchema>;

/** save_plan and the what-if check the draft as a whole; a refusal names its level (DETAIL, from 1). */
const levelOf = (error: DbError) => (error.saviaCode === 'invalid_plan' && /^\d+$/.test(error.details ?? '') ? Number(error.details) : null);

function PlanEditor({ levels }: { levels: PlanLevel[] }) {
  const form = useAppForm(planSchema, { defaultValues: { levels: toRows(levels) } });
  const levelRows = useFieldArray({ control: form.control, name: 'levels' });
  const rows = useWatch({ control: form.control, name: 'levels' });
  const { isDirty, isSubmitting, errors } = form.formState;
  const [previewedAt, setPreviewedAt] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const preview = useSimulation(requestPlanWhatIf);
  const save = useSavePlan();
  const draftKey = JSON.stringify(rows);

  // Saved, a new plan comes from the database and PlanPanel starts a new draft; refused, the
  // sentence shows above the levels and the level it names is marked.
  const submit = useFormSubmit(
    form,
    async ({ levels: draft }) => {
      try {
        await save.mutateAsync(toDraft(draft));
      } finally {
        setConfirming(false);
      }
    },
    {
      fields: (error) => {
        const level = levelOf(error);
        return level ? (`levels.${level - 1}` as const) : null;
      },
      alert: (error) => error.userMessage,
    },
  );
  // A refusal is about the draft as it was: any edit clears it, as a new preview does.
  useEffect(() => form.clearErrors(), [draftKey, form]);

  const previewRefusal = preview.refusal ? toDbError(preview.refusal) : null;
  const failure = errors.root?.server?.message ?? previewRefusal?.userMessage ?? null;
  const previewBadLevel = previewRefusal ? levelOf(previewRefusal) : null;

  const runPreview = () => {
    form.clearErrors();
    preview.ask(toDraft(form.getValues('levels')), { onSuccess: () => setPreviewedAt(draftKey) });
  };
  const runSave = () => {
    preview.reset();
    void submit();
  };

  return (
    // Enter in a field asks for the same confirmation as «Guardar plan».
    <Form
      form={form}
      onSubmit={(event) => {
        event.preventDefault();
        setConfirming(true);
      }}
    >
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{m.levelsTitle}</h2>
          </CardTitle>
          <CardDescription>{m.levelsDescription}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <FormAlert message={failure} />
          {levelRows.fields.map((row, index) => (
            <LevelCard
              key={row.id}
              form={form}
              level={index + 1}
              rates={rows[index]?.rates ?? []}
              invalid={!!errors.levels?.[index] || previewBadLevel === index + 1}
              removable={index === levelRows.fields.length - 1 && levelRows.fields.length > 1}
              onRemove={() => levelRows.remove(index)}
            />
          ))}
          <div>
            <Button type="button" variant="outline" onClick={() => levelRows.append(nextLevel(rows))} disabled={levelRows.fields.length >= 20}>
              <Plus aria-hidden="true" />
              {m.addLevel}
            </Button>
          </div>
        </CardContent>
        <CardFooter className="flex-col-reverse items-stretch gap-2 pt-2 sm:flex-row sm:items-center sm:justify-end">
          <Button
            type="button"
            variant="ghost"
            disabled={!isDirty || isSubmitting}
            onClick={() => {
              form.reset();
              preview.reset();
            }}
          >
            {m.discard}
          </Button>
          <Button type="button" variant="outline" onClick={runPreview} disabled={preview.working}>
            <Calculator aria-hidden="true" />
            {preview.working ? m.previewing : m.preview}
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            <Save aria-hidden="true" />
            {m.save}
          </Button>
        </CardFooter>
      </Card>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>
            <h2>{m.whatIfTitle}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {preview.working ? (
            <div className="flex flex-col gap-3">
              <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                <LoaderCircle className="size-4 shrink-0 animate-spin" aria-hidden="true" />
                {preview.job?.status === 'running' ? m.whatIfRunning : m.whatIfQueued}
              </p>
              <Skeleton className="h-48 w-full" />
            </div>
          ) : preview.failure ? (
            <FormAlert message={preview.failure} />
          ) : preview.done ? (
            <WhatIfResult result={parseWhatIf(preview.done.result)} stale={previewedAt !== draftKey} />
          ) : (
            <p className="text-sm text-muted-foreground">{m.whatIfHint}</p>
          )}
        </CardContent>
      </Card>

      <AlertDialog open={confirming} onOpenChange={(open) => !isSubmitting && setConfirming(open)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{m.confirmTitle}</AlertDialogTitle>
            <AlertDialogDescription>{m.confirmBody}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={isSubmitting}>{m.cancel}</AlertDialogCancel>
            <AlertDialogAction
              disabled={isSubmitting}
              onClick={(event) => {
                event.preventDefault(); // the dialog closes when the save settles
                runSave();
              }}
            >
              {isSubmitting ? m.saving : m.save}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Form>
  );
}

function LevelCard({
  form,
  level,
  rates,
  invalid,
  removable,
  onRemove,
}: {
  form: PlanForm;
  level: number;
  rates: string[];
  invalid: boolean;
  removable: boolean;
  onRemove: () => void;
}) {
  const { currency } = useFormat();
  const id = (field: string) => `plan-${level}-${field}`;
  const field = (name: 'name' | 'personal_points' | 'group_points' | 'volume' | 'starter') => form.register(`levels.${level - 1}.${name}`);
  const setRates = (next: string[]) => form.setValue(`levels.${level - 1}.rates`, next, { shouldDirty: true });
  return (
    <fieldset
      className={cn('rounded-lg border p-3 sm:p-4', invalid && 'border-destructive')}
      aria-invalid={invalid || undefined}
      data-testid={`plan-level-${level}`}
    >
      <legend className="px-1 text-sm font-semibold">{m.level(level)}</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <NumberField id={id('name')} label={m.name(level)} short="Nombre" registration={field('name')} text className="col-span-2 sm:col-span-1" />
        <NumberField id={id('personal')} label={m.personalPoints(level)} short="Puntos personales" registration={field('personal_points')} />
        <NumberField id={id('group')} label={m.groupPoints(level)} short="Puntos de grupo" registration={field('group_points')} />
        <NumberField id={id('volume')} label={m.volumeBonus(level)} short="Bono de volumen (%)" registration={field('volume')} decimal />
        <NumberField id={id('starter')} label={m.starterBonus(level, currency)} short={m.starterShort(currency)} registration={field('starter')} decimal />
      </div>
      <div className="mt-3">
        <p className="mb-2 text-sm text-muted-foreground">{m.ratesLegend}</p>
        <div className="flex flex-wrap items-end gap-2">
          {rates.map((_, g) => (
            <NumberField
              key={g}
              id={id(`rate-${g + 1}`)}
              label={m.rate(level, g + 1)}
              short={m.rateShort(g + 1)}
              registration={form.register(`levels.${level - 1}.rates.${g}`)}
              decimal
              className="w-24"
            />
          ))}
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={`${m.addGeneration} al nivel ${level}`}
            title={m.addGeneration}
            onClick={() => setRates([...rates, '0'])}
            disabled={rates.length >= 20}
          >
            <Plus aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={m.removeGeneration(level)}
            title={m.removeGeneration(level)}
            onClick={() => setRates(rates.slice(0, -1))}
            disabled={rates.length <= 1}
          >
            <Minus aria-hidden="true" />
          </Button>
          {removable && (
            <Button type="button" variant="ghost" className="ml-auto text-destructive" onClick={onRemove}>
              <Trash2 aria-hidden="true" />
              {m.removeLevel(level)}
            </Button>
          )}
        </div>
      </div>
    </fieldset>
  );
}

function NumberField({
  id,
  label,
  short,
  registration,
  decimal = false,
  text = false,
  className,
}: {
  id: string;
  label: string;
  short: string;
  registration: UseFormRegisterReturn;
  decimal?: boolean;
  text?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        <span aria-hidden="true">{short}</span>
        <span className="sr-only">{label}</span>
      </Label>
      <Input
        id={id}
        inputMode={text ? 'text' : decimal ? 'decimal' : 'numeric'}
        type={text ? 'text' : 'number'}
        step={decimal ? 'any' : 1}
        min={text ? undefined : 0}
        {...registration}
      />
    </div>
  );
}
