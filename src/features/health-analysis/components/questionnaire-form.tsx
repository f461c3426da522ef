// The questionnaire: consent first (unticked; the questions stay locked until it is given), then goals,
// habits, restrictions and allergies, and the red-flag questions. The database validates everything
// again and computes the result; its refusal names the field (DETAIL) and the sentence shows there.
import { useId } from 'react';
import { useWatch, type FieldPath, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod/mini';
import type { HealthOption, HealthQuestionnaire } from '@/api/health/health-api';
import { useRecordAnalysis } from '@/api/health/health-mutations';
import { Form, FormField, FormFooter } from '@/components/form/form';
import { useAppForm, useFormSubmit } from '@/components/form/use-app-form';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { m, NOT_MEDICAL_ADVICE } from '../messages';

const yesNo = z.enum(['', 'si', 'no']).check(z.refine((v) => v !== '', m.yesNoRequired));
const questionnaireSchema = z.object({
  consent: z.boolean().check(z.refine((v) => v, m.consentRequired)),
  goals: z.array(z.string()).check(z.minLength(1, m.goalsRequired)),
  activity: z.string(),
  sleep: z.string(),
  water: z.string(),
  restrictions: z.array(z.string()),
  allergies: z.array(z.string()),
  pregnancy: yesNo,
  breastfeeding: yesNo,
  chronic_illness: yesNo,
  medication: z.string(),
  notes: z.string(),
});
type Values = z.input<typeof questionnaireSchema>;

const EMPTY: Values = {
  consent: false,
  goals: [],
  activity: '',
  sleep: '',
  water: '',
  restrictions: [],
  allergies: [],
  pregnancy: '',
  breastfeeding: '',
  chronic_illness: '',
  medication: '',
  notes: '',
};

/** What the database's DETAIL names → the form's field that shows the refusal. */
const FIELD_OF: Record<string, FieldPath<Values>> = {
  consent: 'consent',
  goals: 'goals',
  restrictions: 'restrictions',
  allergies: 'allergies',
  activity: 'activity',
  sleep: 'sleep',
  water: 'water',
  red_flags: 'pregnancy',
  medication: 'medication',
  notes: 'notes',
};

interface Props {
  clientId: string;
  questionnaire: HealthQuestionnaire;
  onSaved: (analysisId: string) => void;
}

export function QuestionnaireForm({ clientId, questionnaire, onSaved }: Props) {
  const record = useRecordAnalysis();
  const form = useAppForm(questionnaireSchema, { defaultValues: EMPTY });
  const { errors } = form.formState;
  const consented = useWatch({ control: form.control, name: 'consent' });
  const consentId = useId();
  const { options } = questionnaire;

  const submit = useFormSubmit(
    form,
    async (v) => {
      const saved = await record.mutateAsync({
        clientId,
        consent: v.consent,
        consentVersion: questionnaire.consent.version,
        notes: v.notes,
        answers: {
          goals: v.goals,
          restrictions: v.restrictions,
          allergies: v.allergies,
          activity: v.activity || null,
          sleep: v.sleep || null,
          water: v.water || null,
          pregnancy: v.pregnancy === 'si',
          breastfeeding: v.breastfeeding === 'si',
          chronic_illness: v.chronic_illness === 'si',
          medication: v.medication,
        },
      });
      onSaved(saved.id);
    },
    { fields: { details: FIELD_OF } },
  );

  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-6" aria-label={m.newAnalysis}>
      <section className="rounded-lg border border-primary/30 bg-primary/5 p-4">
        <h3 className="mb-2 text-sm font-semibold">{m.consentTitle}</h3>
        <div className="flex items-start gap-3">
          <input
            id={consentId}
            type="checkbox"
            className="mt-1 size-4 shrink-0 accent-primary"
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? `${consentId}-error` : `${consentId}-hint`}
            {...form.register('consent')}
          />
          <label htmlFor={consentId} className="text-sm leading-relaxed">
            {questionnaire.consent.text}
          </label>
        </div>
        {errors.consent ? (
          <p id={`${consentId}-error`} role="alert" className="mt-2 text-xs font-medium text-destructive">
            {errors.consent.message}
          </p>
        ) : (
          <p id={`${consentId}-hint`} className="mt-2 text-xs text-muted-foreground">
            {consented ? NOT_MEDICAL_ADVICE : m.consentHint}
          </p>
        )}
      </section>

      <fieldset disabled={!consented} className={cn('flex min-w-0 flex-col gap-6', !consented && 'opacity-60')}>
        {!consented && <p className="text-sm text-muted-foreground">{m.questionsLocked}</p>}

        <CheckGroup legend={m.goals} hint={m.goalsHint} options={options.goal} register={form.register('goals')} error={errors.goals?.message} columns />

        <fieldset className="flex min-w-0 flex-col gap-3">
          <legend className="mb-1 text-sm font-semibold">{m.habits}</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            {(['activity', 'sleep', 'water'] as const).map((habit) => (
              <FormField key={habit} name={habit} label={m[habit]} controlId={`health-${habit}`}>
                <NativeSelect wrapperClassName="w-full">
                  <option value="">{m.notSaid}</option>
                  {options[habit].map((o) => (
                    <option key={o.key} value={o.key}>
                      {o.label}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            ))}
          </div>
        </fieldset>

        <div className="grid gap-6 sm:grid-cols-2">
          <CheckGroup legend={m.restrictions} options={options.restriction} register={form.register('restrictions')} error={errors.restrictions?.message} />
          <CheckGroup legend={m.allergies} options={options.allergy} register={form.register('allergies')} error={errors.allergies?.message} />
        </div>

        <fieldset className="flex min-w-0 flex-col gap-3">
          <legend className="mb-1 text-sm font-semibold">{m.health}</legend>
          <p className="text-xs text-muted-foreground">{m.healthHint}</p>
          <div className="grid gap-4 sm:grid-cols-3">
            {(['pregnancy', 'breastfeeding', 'chronic_illness'] as const).map((question) => (
              <YesNoQuestion
                key={question}
                legend={question === 'chronic_illness' ? m.chronicIllness : m[question]}
                register={form.register(question)}
                error={errors[question]?.message}
              />
            ))}
          </div>
          <FormField name="medication" label={m.medication} description={m.medicationHint} controlId="health-medication">
            <Textarea rows={2} maxLength={500} />
          </FormField>
        </fieldset>

        <FormField name="notes" label={m.notes} controlId="health-notes">
          <Textarea rows={2} maxLength={4000} />
        </FormField>
      </fieldset>

      <FormFooter submitLabel={m.save} pendingLabel={m.saving} />
    </Form>
  );
}

function CheckGroup({
  legend,
  hint,
  options,
  register,
  error,
  columns = false,
}: {
  legend: string;
  hint?: string;
  options: HealthOption[];
  register: UseFormRegisterReturn;
  error?: string;
  columns?: boolean;
}) {
  const id = useId();
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-2"
      aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <div className={cn('grid gap-x-4 gap-y-2', columns ? 'grid-cols-2 sm:grid-cols-4' : 'grid-cols-1')}>
        {options.map((o) => (
          <label key={o.key} className="flex min-h-6 items-center gap-2 text-sm">
            <input type="checkbox" value={o.key} className="size-4 shrink-0 accent-primary" {...register} />
            <span className="first-letter:uppercase">{o.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function YesNoQuestion({ legend, register, error }: { legend: string; register: UseFormRegisterReturn; error?: string }) {
  const id = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm">{legend}</legend>
      <div className="flex gap-4">
        {(['si', 'no'] as const).map((value) => (
          <label key={value} className="flex min-h-6 items-center gap-2 text-sm">
            <input type="radio" value={value} className="size-4 accent-primary" {...register} />
            {value === 'si' ? m.yes : m.no}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
