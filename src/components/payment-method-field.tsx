// The payment method of a form that takes a payment (Hacer un Pedido, Enrolar Miembro): one radio
// per method the company accepts, as a group with its legend and the error beside it.
import { FieldLegend, FieldSet } from '@/components/ui/field';
import { PAYMENT_METHODS, paymentMethodLabels, type PaymentMethod } from '@/lib/data/domain';
import { cn } from '@/lib/utils';

interface Props {
  legend: string;
  name: string;
  value: PaymentMethod | undefined;
  onChange: (method: PaymentMethod) => void;
  disabled?: boolean;
  /** The refusal or validation message, shown under the group. */
  error?: string;
  /** The error's element id, for the group's aria-describedby. */
  errorId: string;
}

export function PaymentMethodField({ legend, name, value, onChange, disabled, error, errorId }: Props) {
  return (
    <FieldSet aria-describedby={error ? errorId : undefined}>
      <FieldLegend>{legend}</FieldLegend>
      <div className="grid grid-cols-2 gap-2">
        {PAYMENT_METHODS.map((method) => (
          <label
            key={method}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
              value === method && 'border-primary bg-primary/5 font-medium',
            )}
          >
            <input
              type="radio"
              name={name}
              value={method}
              checked={value === method}
              onChange={() => onChange(method)}
              disabled={disabled}
              className="accent-primary"
            />
            {paymentMethodLabels[method]}
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
