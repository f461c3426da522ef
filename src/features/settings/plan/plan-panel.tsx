// The compensation plan: the star levels edited as a whole, «Vista previa» (the last closed month
// replayed by the database under the draft) and «Guardar plan» with a confirmation; then the versions.
import { useQuery } from '@tanstack/react-query';
import { Calculator, LoaderCircle, Minus, Plus, Save, Trash2 } from 'lucide-react';
import { useState } from 'react';
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
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { DbError, userMessage } from '@/lib/data/db';
import { cn } from '@/lib/utils';
import { nextLevel, toDraft, toRows, type LevelRow } from './plan-draft';
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

function PlanEditor({ levels }: { levels: PlanLevel[] }) {
  const [rows, setRows] = useState<LevelRow[]>(() => toRows(levels));
  const [dirty, setDirty] = useState(false);
  const [previewedAt, setPreviewedAt] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const preview = useSimulation(requestPlanWhatIf);
  const save = useSavePlan();
  const draftKey = JSON.stringify(rows);

  const failure = save.error ?? preview.refusal;
  const badLevel = failure instanceof DbError && failure.saviaCode === 'invalid_plan' ? Number(failure.details) : null;

  const update = (change: (rows: LevelRow[]) => LevelRow[]) => {
    setRows(change);
    setDirty(true);
    save.reset();
  };
  const setField = (index: number, patch: Partial<LevelRow>) => update((all) => all.map((r, i) => (i === index ? { ...r, ...patch } : r)));

  const runPreview = () => {
    save.reset();
    preview.ask(toDraft(rows), { onSuccess: () => setPreviewedAt(draftKey) });
  };
  const runSave = () => {
    preview.reset();
    save.mutate(toDraft(rows), { onSettled: () => setConfirming(false) });
  };

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{m.levelsTitle}</h2>
          </CardTitle>
          <CardDescription>{m.levelsDescription}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {failure !== null && (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
              {userMessage(failure)}
            </p>
          )}
          {rows.map((row, index) => (
            <LevelCard
              key={index}
              level={index + 1}
              row={row}
              invalid={badLevel === index + 1}
              removable={index === rows.length - 1 && rows.length > 1}
              onChange={(patch) => setField(index, patch)}
              onRemove={() => update((all) => all.slice(0, -1))}
            />
          ))}
          <div>
            <Button type="button" variant="outline" onClick={() => update((all) => [...all, nextLevel(all)])} disabled={rows.length >= 20}>
              <Plus aria-hidden="true" />
              {m.addLevel}
            </Button>
          </div>
        </CardContent>
        <CardFooter className="flex-col-reverse items-stretch gap-2 pt-2 sm:flex-row sm:items-center sm:justify-end">
          <Button
            type="button"
            variant="ghost"
            disabled={!dirty || save.isPending}
            onClick={() => {
              setRows(toRows(levels));
              setDirty(false);
              save.reset();
              preview.reset();
            }}
          >
            {m.discard}
          </Button>
          <Button type="button" variant="outline" onClick={runPreview} disabled={preview.working}>
            <Calculator aria-hidden="true" />
            {preview.working ? m.previewing : m.preview}
          </Button>
          <Button type="button" onClick={() => setConfirming(true)} disabled={save.isPending}>
            <Save aria-hidden="true" />
            {m.save}
          </Button>
        </CardFooter>
      </Card>

      <Card>
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
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
              {preview.failure}
            </p>
          ) : preview.done ? (
            <WhatIfResult result={parseWhatIf(preview.done.result)} stale={previewedAt !== draftKey} />
          ) : (
            <p className="text-sm text-muted-foreground">{m.whatIfHint}</p>
          )}
        </CardContent>
      </Card>

      <AlertDialog open={confirming} onOpenChange={(open) => !save.isPending && setConfirming(open)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{m.confirmTitle}</AlertDialogTitle>
            <AlertDialogDescription>{m.confirmBody}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={save.isPending}>{m.cancel}</AlertDialogCancel>
            <AlertDialogAction
              disabled={save.isPending}
              onClick={(event) => {
                event.preventDefault(); // the dialog closes when the save settles
                runSave();
              }}
            >
              {save.isPending ? m.saving : m.save}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

function LevelCard({
  level,
  row,
  invalid,
  removable,
  onChange,
  onRemove,
}: {
  level: number;
  row: LevelRow;
  invalid: boolean;
  removable: boolean;
  onChange: (patch: Partial<LevelRow>) => void;
  onRemove: () => void;
}) {
  const id = (field: string) => `plan-${level}-${field}`;
  return (
    <fieldset
      className={cn('rounded-lg border p-3 sm:p-4', invalid && 'border-destructive')}
      aria-invalid={invalid || undefined}
      data-testid={`plan-level-${level}`}
    >
      <legend className="px-1 text-sm font-semibold">{m.level(level)}</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <NumberField
          id={id('name')}
          label={m.name(level)}
          short="Nombre"
          value={row.name}
          text
          onChange={(v) => onChange({ name: v })}
          className="col-span-2 sm:col-span-1"
        />
        <NumberField
          id={id('personal')}
          label={m.personalPoints(level)}
          short="Puntos personales"
          value={row.personal_points}
          onChange={(v) => onChange({ personal_points: v })}
        />
        <NumberField
          id={id('group')}
          label={m.groupPoints(level)}
          short="Puntos de grupo"
          value={row.group_points}
          onChange={(v) => onChange({ group_points: v })}
        />
        <NumberField
          id={id('volume')}
          label={m.volumeBonus(level)}
          short="Bono de volumen (%)"
          value={row.volume}
          onChange={(v) => onChange({ volume: v })}
          decimal
        />
        <NumberField
          id={id('starter')}
          label={m.starterBonus(level)}
          short="Bono de inicio"
          value={row.starter}
          onChange={(v) => onChange({ starter: v })}
          decimal
        />
      </div>
      <div className="mt-3">
        <p className="mb-2 text-sm text-muted-foreground">{m.ratesLegend}</p>
        <div className="flex flex-wrap items-end gap-2">
          {row.rates.map((rate, g) => (
            <NumberField
              key={g}
              id={id(`rate-${g + 1}`)}
              label={m.rate(level, g + 1)}
              short={m.rateShort(g + 1)}
              value={rate}
              decimal
              className="w-24"
              onChange={(v) => onChange({ rates: row.rates.map((r, i) => (i === g ? v : r)) })}
            />
          ))}
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={`${m.addGeneration} al nivel ${level}`}
            title={m.addGeneration}
            onClick={() => onChange({ rates: [...row.rates, '0'] })}
            disabled={row.rates.length >= 20}
          >
            <Plus aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={m.removeGeneration(level)}
            title={m.removeGeneration(level)}
            onClick={() => onChange({ rates: row.rates.slice(0, -1) })}
            disabled={row.rates.length <= 1}
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
  value,
  onChange,
  decimal = false,
  text = false,
  className,
}: {
  id: string;
  label: string;
  short: string;
  value: string;
  onChange: (value: string) => void;
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
        value={value}
        inputMode={text ? 'text' : decimal ? 'decimal' : 'numeric'}
        type={text ? 'text' : 'number'}
        step={decimal ? 'any' : 1}
        min={text ? undefined : 0}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
