import { useFormat } from '@/lib/format/use-format';

/** An amount in the settings' currency, or a dash when there is none (a product without cost). */
export function MoneyCell({ value, empty = '—' }: { value: number | null; empty?: string }) {
  const f = useFormat();
  return <>{value === null ? empty : f.money(value)}</>;
}

export function PointsCell({ value }: { value: number }) {
  return <>{useFormat().points(value)}</>;
}
