import { useFormat } from '@/lib/format/use-format';

/** A date in the company's time zone, or a dash. */
export function DateCell({ value }: { value: string | null }) {
  const f = useFormat();
  return <>{value ? f.date(value) : '—'}</>;
}
