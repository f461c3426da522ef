// A closed list chosen as chips: one checkbox per option under one name (react-hook-form collects the
// checked values into an array), drawn as a pill that fills when chosen. The checkbox stays in the
// page for the keyboard (Tab, Space) and for screen readers; the pill shows its focus ring.
import { Check } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { get, useFormContext, useFormState, type FieldPath, type FieldValues } from 'react-hook-form';
import { cn } from '@/lib/utils';

interface ChipGroupProps<T extends FieldValues> {
  name: FieldPath<T>;
  legend: ReactNode;
  description?: ReactNode;
  options: readonly { key: string; label: string }[];
  className?: string;
}

export function FormChipGroup<T extends FieldValues>({ name, legend, description, options, className }: ChipGroupProps<T>) {
  const { register, control } = useFormContext<T>();
  const { errors } = useFormState({ control, name });
  const error = (get(errors, name) as { message?: string } | undefined)?.message;
  const id = useId();
  const describedBy = [description && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={cn('flex min-w-0 flex-col gap-2', className)} aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      {description && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label key={o.key} className="relative">
            <input type="checkbox" value={o.key} className="peer absolute inset-0 size-full cursor-pointer opacity-0" {...register(name)} />
            <span
              className={cn(
                'inline-flex min-h-8 items-center gap-1 rounded-full border px-3 text-sm transition-colors',
                'border-input bg-background text-foreground peer-hover:bg-muted',
                'peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground',
                'peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50 peer-disabled:opacity-60',
                '[&>svg]:hidden peer-checked:[&>svg]:inline',
              )}
            >
              <Check className="size-3.5" aria-hidden="true" />
              <span className="inline-block first-letter:uppercase">{o.label}</span>
            </span>
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
