import { Badge } from '@/components/ui/badge';
import { m } from '../messages';

/** «Agotado» (no stock) or «Retirado» (inactive in the catalogue), as the database flagged it; nothing when available. */
export function IngredientFlag({ status }: { status: string }) {
  if (status === 'agotado') return <Badge tone="amber">{m.outOfStock}</Badge>;
  if (status === 'retirado') return <Badge tone="red">{m.withdrawn}</Badge>;
  return null;
}
