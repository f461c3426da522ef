// The one way to hold a form: react-hook-form validated by a zod schema (Spanish messages, the same
// limits as the database's checks), and a submit that keeps the database's refusals where a person
// is looking. Each screen writes its schema and its action; the kit does the rest:
//
//   const form = useAppForm(adjustSchema, { defaultValues });
//   const submit = useFormSubmit(form, (v) => adjust.mutateAsync(v), { fields: { details: ['quantity', 'reason'] } });
//   <Form form={form} onSubmit={submit}> … <FormFooter submitLabel="Guardar" pendingLabel="Guardando…" onCancel={close} /> </Form>
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, type BaseSyntheticEvent } from 'react';
import { useForm, type FieldPath, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type * as z from 'zod/v4/core';
import { toDbError, type DbError } from '@/lib/data/db';
import { refusedFields, type RefusalFields } from './refusal';

/** Where a form-level sentence lives: `errors.root.server`, which react-hook-form clears on the next submit. */
export const FORM_ALERT = 'root.server' as const;

// Any zod 4 schema, classic or zod/mini (the member portal's forms use mini for their budget).
type Schema = z.$ZodType<FieldValues, FieldValues>;
export type AppForm<S extends Schema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/** react-hook-form with `zodResolver(schema)`: fields hold the schema's input, the submit gets its output. */
export function useAppForm<S extends Schema>(schema: S, options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {}): AppForm<S> {
  return useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver: zodResolver(schema) });
}

export interface RefusalOptions<T extends FieldValues> {
  /** Which field each refusal belongs to (by DETAIL, by code, or a rule). */
  fields?: RefusalFields<FieldPath<T>>;
  /** The form-level sentence; by default the refusal's own, when no field took it. Null: none. */
  alert?: (error: DbError, fields: FieldPath<T>[]) => string | null;
}

/**
 * Shows a failure where it belongs: its sentence on each field it names (`setError`), otherwise
 * (or as `alert` says) in the form's alert. Returns the fields, the first of which gets the focus.
 */
export function showRefusal<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>, raw: unknown, options: RefusalOptions<T> = {}) {
  const error = toDbError(raw);
  const fields = refusedFields(error, options.fields);
  for (const field of fields) form.setError(field, { type: 'server', message: error.userMessage });
  const alert = options.alert ? options.alert(error, fields) : fields.length ? null : error.userMessage;
  if (alert) form.setError(FORM_ALERT, { type: error.saviaCode ?? error.kind, message: alert });
  return { error, fields };
}

export interface SubmitOptions<T extends FieldValues> extends RefusalOptions<T> {
  /** Focus the first field a refusal names (default: yes). */
  focus?: boolean;
}

/**
 * The form's submit handler: validates with the schema, runs `action` once at a time (a second
 * press while it runs does nothing, whatever the button shows), and turns its failure into field
 * errors or the form's alert. The focus moves to a refused field once the submit has ended, so a
 * field disabled while pending can take it.
 */
export function useFormSubmit<T extends FieldValues, TOut>(
  form: UseFormReturn<T, unknown, TOut>,
  action: (values: TOut) => unknown,
  options: SubmitOptions<T> = {},
) {
  const running = useRef(false);
  const focusAfter = useRef<FieldPath<T> | null>(null);
  const { isSubmitting } = form.formState;
  useEffect(() => {
    if (isSubmitting || !focusAfter.current) return;
    form.setFocus(focusAfter.current);
    focusAfter.current = null;
  }, [isSubmitting, form]);

  return async (event?: BaseSyntheticEvent) => {
    event?.preventDefault();
    if (running.current) return;
    running.current = true;
    try {
      await form.handleSubmit(async (values) => {
        try {
          await action(values);
        } catch (raw) {
          const { fields } = showRefusal(form as UseFormReturn<T, unknown, unknown>, raw, options);
          if (fields[0] && options.focus !== false) focusAfter.current = fields[0];
        }
      })(event);
    } finally {
      running.current = false;
    }
  };
}
