// shadcn's Field pattern, with the wiring done for you: <Field error={…}> gives the control (inside
// <FieldControl>) its id, aria-invalid and aria-describedby, the label its htmlFor, and the error
// its id. Works with react-hook-form's register (spread on the input) and Controller (render it
// inside). Errors are the zod messages, in Spanish.
import { Slot } from '@radix-ui/react-slot';
import { useId, useLayoutEffect, useMemo, useState, type ComponentProps } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { FieldContext, useField, useFieldControlProps } from './field-context';

export interface FieldProps extends ComponentProps<'div'> {
  /** The control's id; one is generated when absent. */
  controlId?: string;
  /** The Spanish message of what is wrong; the field is invalid while there is one. */
  error?: string | null;
  orientation?: 'vertical' | 'horizontal';
}

export function Field({ controlId, error, orientation = 'vertical', className, ...props }: FieldProps) {
  const generated = useId();
  const id = controlId ?? generated;
  const [hasDescription, setHasDescription] = useState(false);
  const message = error || undefined;
  const value = useMemo(
    () => ({ id, descriptionId: `${id}-description`, errorId: `${id}-error`, invalid: !!message, error: message, hasDescription, setHasDescription }),
    [id, message, hasDescription],
  );
  return (
    <FieldContext.Provider value={value}>
      <div
        role="group"
        data-slot="field"
        data-invalid={value.invalid || undefined}
        data-orientation={orientation}
        className={cn(
          'group/field flex w-full gap-2',
          orientation === 'vertical'
            ? 'flex-col'
            : 'flex-row flex-wrap items-center [&>[data-slot=field-description]]:basis-full [&>[data-slot=field-error]]:basis-full',
          className,
        )}
        {...props}
      />
    </FieldContext.Provider>
  );
}

export function FieldLabel({ className, ...props }: ComponentProps<typeof Label>) {
  const { id } = useField();
  return <Label data-slot="field-label" htmlFor={id} className={cn('group-data-[invalid]/field:text-destructive', className)} {...props} />;
}

/** Wraps exactly one control (Input, Textarea, SelectTrigger, Checkbox…) and wires it. */
export function FieldControl(props: ComponentProps<typeof Slot>) {
  return <Slot data-slot="field-control" {...useFieldControlProps()} {...props} />;
}

export function FieldDescription({ className, ...props }: ComponentProps<'p'>) {
  const { descriptionId, setHasDescription } = useField();
  useLayoutEffect(() => {
    setHasDescription(true);
    return () => setHasDescription(false);
  }, [setHasDescription]);
  return <p data-slot="field-description" id={descriptionId} className={cn('text-xs text-muted-foreground', className)} {...props} />;
}

/** The field's error (or the children given); renders nothing while the field is valid. */
export function FieldError({ className, children, ...props }: ComponentProps<'p'>) {
  const { errorId, error } = useField();
  const content = children ?? error;
  if (!content) return null;
  return (
    <p data-slot="field-error" id={errorId} role="alert" className={cn('text-xs font-medium text-destructive', className)} {...props}>
      {content}
    </p>
  );
}

/** Fields stacked with the form's rhythm. */
export function FieldGroup({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="field-group" className={cn('flex flex-col gap-5', className)} {...props} />;
}

/** A group of related controls (radios, checkboxes) with its legend. */
export function FieldSet({ className, ...props }: ComponentProps<'fieldset'>) {
  return <fieldset data-slot="field-set" className={cn('flex flex-col gap-3', className)} {...props} />;
}

export function FieldLegend({ className, ...props }: ComponentProps<'legend'>) {
  return <legend data-slot="field-legend" className={cn('mb-1 text-sm font-medium', className)} {...props} />;
}
