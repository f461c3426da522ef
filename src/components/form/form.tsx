// The form's frame: <Form> gives its fields the form (FormProvider) and submits without the browser's
// own validation; <FormField> wires a registered input to its label, hint and error; <FormFooter>
// is the alert and the buttons every dialog repeated, with the pending state from the submit.
import { LoaderCircle } from 'lucide-react';
import type { ComponentProps, FormEvent, ReactElement, ReactNode } from 'react';
import { FormProvider, get, useFormContext, useFormState, type FieldPath, type FieldValues, type RegisterOptions, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { cn } from '@/lib/utils';
import { FormAlert } from './form-alert';

interface FormProps<T extends FieldValues, TOut> extends Omit<ComponentProps<'form'>, 'onSubmit'> {
  form: UseFormReturn<T, unknown, TOut>;
  /** useFormSubmit's handler. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
}

export function Form<T extends FieldValues, TOut>({ form, onSubmit, children, ...props }: FormProps<T, TOut>) {
  const { isSubmitting } = form.formState;
  return (
    <FormProvider {...form}>
      <form noValidate aria-busy={isSubmitting || undefined} onSubmit={(event) => void onSubmit(event)} {...props}>
        {children}
      </form>
    </FormProvider>
  );
}

interface FormFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: ReactNode;
  /** A hint under the control, read with it. */
  description?: ReactNode;
  /** The control's id (a generated one otherwise). */
  controlId?: string;
  className?: string;
  registerOptions?: RegisterOptions<T, FieldPath<T>>;
  /** Exactly one input (Input, Textarea, NativeSelect): it is registered under `name`. */
  children: ReactElement;
}

/** A registered control with its label, hint and error, as shadcn's Field lays them out. */
export function FormField<T extends FieldValues>({ name, label, description, controlId, className, registerOptions, children }: FormFieldProps<T>) {
  const { register, control } = useFormContext<T>();
  const { errors } = useFormState({ control, name });
  const error = (get(errors, name) as { message?: string } | undefined)?.message;
  return (
    <Field controlId={controlId} error={error} className={className}>
      <FieldLabel>{label}</FieldLabel>
      <FieldControl {...register(name, registerOptions)}>{children}</FieldControl>
      {description && <FieldDescription>{description}</FieldDescription>}
      <FieldError />
    </Field>
  );
}

/** The form-level sentence (a refusal no field took), where the person is looking. */
export function FormRootAlert({ children, className }: { children?: ReactNode; className?: string }) {
  const { errors } = useFormState();
  const message = (errors.root?.server?.message as string | undefined) ?? null;
  return (
    <FormAlert message={message} className={className}>
      {children}
    </FormAlert>
  );
}

interface SubmitButtonProps extends Omit<ComponentProps<typeof Button>, 'type'> {
  /** Shown while the submit runs («Guardando…»). */
  pendingLabel: ReactNode;
  /** The icon beside the label while idle; a spinner replaces it while pending. */
  icon?: ReactNode;
}

/** The submit button: disabled and spinning while the submit runs, so it cannot be pressed twice. */
export function SubmitButton({ pendingLabel, icon, disabled, children, ...props }: SubmitButtonProps) {
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" disabled={isSubmitting || disabled} aria-disabled={isSubmitting || disabled || undefined} {...props}>
      {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : icon}
      {isSubmitting ? pendingLabel : children}
    </Button>
  );
}

interface FormFooterProps {
  submitLabel: ReactNode;
  pendingLabel: ReactNode;
  submitIcon?: ReactNode;
  /** The submit stays disabled (nothing changed, nothing to send). */
  submitDisabled?: boolean;
  /** «Cancelar» closes without saving; disabled while the submit runs (its outcome must be seen). */
  onCancel?: () => void;
  cancelLabel?: ReactNode;
  cancelVariant?: ComponentProps<typeof Button>['variant'];
  /** Buttons before «Cancelar» (a dialog's «Eliminar»). */
  children?: ReactNode;
  className?: string;
}

/** The form's alert, then its buttons: «Cancelar» and the submit with its pending state. */
export function FormFooter({
  submitLabel,
  pendingLabel,
  submitIcon,
  submitDisabled,
  onCancel,
  cancelLabel = 'Cancelar',
  cancelVariant = 'ghost',
  children,
  className,
}: FormFooterProps) {
  const { isSubmitting } = useFormState();
  return (
    <>
      <FormRootAlert />
      <div data-slot="form-footer" className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
        {children}
        {onCancel && (
          <Button type="button" variant={cancelVariant} disabled={isSubmitting} onClick={onCancel}>
            {cancelLabel}
          </Button>
        )}
        <SubmitButton pendingLabel={pendingLabel} icon={submitIcon} disabled={submitDisabled}>
          {submitLabel}
        </SubmitButton>
      </div>
    </>
  );
}
