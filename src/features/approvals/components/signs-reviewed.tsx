// The fraud signs restated in «¿Aprobar la venta #N?», and the «Lo revisé» the approval needs while
// there is one. It takes the focus when the dialog opens: a checkbox ignores Enter, so «A» then
// Enter cannot approve a reused voucher by reflex.
import { ShieldAlert } from 'lucide-react';
import { useId, type Ref } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { approvalMessages as m } from '../messages';

export function SignsReviewed({
  ref,
  signs,
  checked,
  missing,
  onCheckedChange,
}: {
  ref: Ref<HTMLButtonElement>;
  signs: readonly string[];
  checked: boolean;
  /** Confirm was pressed without the tick. */
  missing: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="rounded-lg border border-tone-red-foreground/30 bg-tone-red p-3 text-sm text-tone-red-foreground" data-testid="approve-fraud-signs">
      <p className="flex items-center gap-2 font-semibold">
        <ShieldAlert className="size-4 shrink-0" aria-hidden="true" />
        {m.fraudTitle}
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {signs.map((sign) => (
          <li key={sign}>{sign}</li>
        ))}
      </ul>
      <div className="mt-3 flex items-start gap-2">
        <Checkbox
          ref={ref}
          id={`${id}-reviewed`}
          checked={checked}
          onCheckedChange={(value) => onCheckedChange(value === true)}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${id}-missing` : undefined}
          className="mt-0.5 bg-background"
        />
        <Label htmlFor={`${id}-reviewed`} className="leading-snug font-medium text-foreground">
          {m.signsReviewed}
        </Label>
      </div>
      {missing && (
        <p id={`${id}-missing`} role="alert" className="mt-2 font-medium">
          {m.signsReviewedMissing}
        </p>
      )}
    </div>
  );
}
