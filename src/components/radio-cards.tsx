// A choice among a few options as a group of native radios drawn as cards (the payment method, who
// buys a direct sale): a legend, the arrows move between options, the error under the group.
import { FieldLegend, FieldSet } from '@/components/ui/field';
import { cn } from '@/lib/utils';

interface Props<T extends string> {
  legend: string;
  name: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T | undefined;
  onChange: (value: T) => void;
  disabled?: boolean;
  /** The refusal or validation message, shown under the group. */
  error?: string;
  /** The error's element id, for the group's aria-describedby. */
  errorId?: string;
}

export function RadioCards<T extends string>({ legend, name, options, labels, value, onChange, disabled, error, errorId }: Props<T>) {
  return (
    <FieldSet aria-describedby={error ? errorId : undefined}>
      <FieldLegend>{legend}</FieldLegend>
      <div className="grid grid-cols-2 gap-2">
        {options.map((option) => (
          <label
            key={option}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
              value === option && 'border-primary bg-primary/5 font-medium',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              disabled={disabled}
              className="accent-primary"
            />
            {labels[option]}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-xs font-medium text-tone-red-foreground">
          {error}
        </p>
      )}
    </FieldSet>
  );
}
