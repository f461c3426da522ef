// The benefits as get_public_page returns them: their Spanish names, in the list's order.
import { Badge } from '@/components/ui/badge';

export function BenefitList({ benefits, label }: { benefits: string[]; label: string }) {
  if (benefits.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {benefits.map((b) => (
        <li key={b}>
          <Badge tone="green">{b}</Badge>
        </li>
      ))}
    </ul>
  );
}
