import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { addMonths, formatMonth } from '@/lib/format/format';
import { cn } from '@/lib/utils';

export interface MonthPickerProps {
  /** `YYYY-MM`. */
  value: string;
  onChange: (month: string) => void;
  /** The latest month offered (the current business month): never a future one. */
  max: string;
  /** The earliest month there is data for, if known. */
  min?: string;
  /** How many recent months the list offers. */
  count?: number;
  label?: string;
  className?: string;
}

/** Previous and next month, and a list of recent ones; `useMonthParam()` keeps it in `?mes=`. */
export function MonthPicker({ value, onChange, max, min, count = 24, label = 'Mes', className }: MonthPickerProps) {
  const id = useId();
  const months: string[] = [];
  for (let m = max; months.length < count && (!min || m >= min); m = addMonths(m, -1)) months.push(m);
  if (!months.includes(value)) months.push(value);
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Button variant="outline" size="icon" aria-label="Mes anterior" disabled={!!min && value <= min} onClick={() => onChange(addMonths(value, -1))}>
        <ChevronLeft aria-hidden="true" />
      </Button>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {months.map((m) => (
          <option key={m} value={m}>
            {formatMonth(m)}
          </option>
        ))}
      </NativeSelect>
      <Button variant="outline" size="icon" aria-label="Mes siguiente" disabled={value >= max} onClick={() => onChange(addMonths(value, 1))}>
        <ChevronRight aria-hidden="true" />
      </Button>
    </div>
  );
}
