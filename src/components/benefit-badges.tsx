// A product's or a recipe's benefits as badges with their Spanish names (public.benefits); the key shows
// only for the moment the list is loading.
import { Badge } from '@/components/ui/badge';
import { useBenefitLabels } from './use-benefit-labels';

interface Props {
  keys: string[];
  /** The list's accessible name («Beneficios de …»). */
  label?: string;
  tone?: 'green' | 'blue';
}

export function BenefitBadges({ keys, label, tone = 'green' }: Props) {
  const labelOf = useBenefitLabels();
  if (keys.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {keys.map((key) => (
        <li key={key}>
          <Badge tone={tone}>{labelOf(key)}</Badge>
        </li>
      ))}
    </ul>
  );
}
