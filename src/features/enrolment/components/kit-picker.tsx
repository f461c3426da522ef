// The starter kits as a radio group of cards: name, price, points and what each includes (the
// catalogue's description). A sold-out kit is shown but cannot be chosen.
import type { UseQueryResult } from '@tanstack/react-query';
import { PackageOpen } from 'lucide-react';
import type { StarterKit } from '@/api/enrolment/enrolment-api';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { FieldLegend, FieldSet } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { enrolMessages as m } from '../messages';

export interface KitPickerProps {
  kits: UseQueryResult<StarterKit[]>;
  value: string;
  onChange: (kitId: string) => void;
  error?: string;
  disabled?: boolean;
}

export function KitPicker({ kits, value, onChange, error, disabled }: KitPickerProps) {
  const f = useFormat();
  const errorId = 'kit-error';
  return (
    <FieldSet aria-describedby={error ? errorId : undefined} aria-busy={kits.isPending || undefined}>
      <FieldLegend>{m.kitTitle}</FieldLegend>
      {kits.isPending ? (
        <div className="flex flex-col gap-2" aria-label={m.kitsLoading}>
          <Skeleton className="h-20 w-full rounded-lg" />
        </div>
      ) : kits.isError ? (
        <ErrorState title={m.kitsFailed} error={kits.error} onRetry={() => kits.refetch()} retrying={kits.isFetching} className="py-4" />
      ) : kits.data.length === 0 ? (
        <EmptyState icon={PackageOpen} title={m.noKits} description={m.noKitsHint} className="rounded-lg border py-6" />
      ) : (
        <div className="flex flex-col gap-2">
          {kits.data.map((kit) => {
            const soldOut = kit.stock <= 0;
            return (
              <label
                key={kit.id}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                  value === kit.id && 'border-primary bg-primary/5',
                  soldOut && 'cursor-not-allowed opacity-70',
                )}
              >
                <input
                  type="radio"
                  name="kit"
                  value={kit.id}
                  checked={value === kit.id}
                  onChange={() => onChange(kit.id)}
                  disabled={disabled || soldOut}
                  className="mt-1 accent-primary"
                />
                <span className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="font-medium">{kit.name}</span>
                    <span className="font-semibold tabular-nums">{f.money(kit.price)}</span>
                  </span>
                  {kit.description && <span className="text-muted-foreground">{kit.description}</span>}
                  <span className="text-xs text-muted-foreground">
                    {m.kitPoints(f.points(kit.points))}
                    {soldOut && <span className="ml-2 font-medium text-tone-red-foreground">{m.kitSoldOut}</span>}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </FieldSet>
  );
}
