// A benefit's key → its Spanish name from public.benefits (the key itself while the list loads).
import { useQuery } from '@tanstack/react-query';
import { benefitsQueries } from '@/api/benefits/benefits-queries';

export function useBenefitLabels(): (key: string) => string {
  const { data } = useQuery(benefitsQueries.list());
  return (key) => data?.find((b) => b.key === key)?.label ?? key;
}
