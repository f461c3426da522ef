import { useFormat } from '@/lib/format/use-format';

export function MoneyCell({ value }: { value: number }) {
  return <>{useFormat().money(value)}</>;
}

export function PointsCell({ value }: { value: number }) {
  return <>{useFormat().points(value)}</>;
}

/** When a sale was made, in the company's time zone. */
export function WhenCell({ value }: { value: string }) {
  const f = useFormat();
  return <time dateTime={value}>{f.dateTime(value)}</time>;
}
