import { Badge } from '@/components/ui/badge';
import { benefitLabel } from '../messages';

export function BenefitList({ benefits, label }: { benefits: string[]; label: string }) {
  if (benefits.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {benefits.map((b) => (
        <li key={b}>
          <Badge tone="green">{benefitLabel(b)}</Badge>
        </li>
      ))}
    </ul>
  );
}
