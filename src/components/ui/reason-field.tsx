import { type Ref } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { reasonLength, reasonLimits, type ReasonOptions } from '@/components/ui/reason-rules';

/** The reason of a refusal: a textarea within the limits and the common reasons as chips. */
export function ReasonField({
  ref,
  options,
  value,
  onChange,
  error,
  disabled,
}: {
  ref?: Ref<HTMLTextAreaElement>;
  options: ReasonOptions;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  disabled?: boolean;
}) {
  const { min, max } = reasonLimits(options);
  const suggestions = options.suggestions ?? [];
  return (
    <Field error={error}>
      <FieldLabel>{options.label}</FieldLabel>
      {suggestions.length > 0 && (
        <div role="group" aria-label="Motivos frecuentes" className="flex flex-wrap gap-2">
          {suggestions.map((s) => (
            <Button
              key={s}
              type="button"
              variant="outline"
              size="sm"
              className="h-auto rounded-full py-1 text-left whitespace-normal"
              aria-pressed={value.trim() === s}
              disabled={disabled}
              onClick={() => onChange(s)}
            >
              {s}
            </Button>
          ))}
        </div>
      )}
      <FieldControl>
        <Textarea
          ref={ref}
          rows={3}
          maxLength={max}
          value={value}
          placeholder={options.placeholder}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
        />
      </FieldControl>
      <FieldDescription className="flex justify-between gap-3">
        <span>{options.description ?? `Entre ${min} y ${max} caracteres.`}</span>
        <span aria-hidden="true" className="tabular-nums">
          {reasonLength(value)}/{max}
        </span>
      </FieldDescription>
      <FieldError />
    </Field>
  );
}
