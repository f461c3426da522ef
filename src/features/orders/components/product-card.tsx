import { Plus } from 'lucide-react';
import type { CatalogueProduct } from '@/api/catalogue/catalogue-api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/lib/format/use-format';
import { orderMessages as m } from '../messages';
import { ProductPhoto } from './product-photo';

/** Below this many units the card says how many are left, so nobody orders what is not there. */
const FEW_LEFT = 10;

/** One product as a row: photo, what it is, price and points, and «Agregar» (or «Agotado»). */
export function ProductCard({ product, inCart, onAdd }: { product: CatalogueProduct; inCart: number; onAdd: () => void }) {
  const f = useFormat();
  const soldOut = product.stock <= 0;
  return (
    <li className="flex gap-4 rounded-xl border bg-card p-3 text-card-foreground shadow-sm" data-testid="product-card">
      <div className="relative shrink-0">
        <ProductPhoto path={product.image_path} className="size-20 rounded-lg sm:size-24" />
        {soldOut && (
          <Badge tone="red" className="absolute -top-1.5 -left-1.5 shadow-sm">
            {m.soldOut}
          </Badge>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div>
          <h3 className="leading-snug font-medium">{product.name}</h3>
          {product.category && <p className="text-xs text-muted-foreground">{product.category}</p>}
        </div>
        {product.description && <p className="line-clamp-2 text-sm text-muted-foreground">{product.description}</p>}
        {product.benefits.length > 0 && (
          <ul className="flex flex-wrap gap-1" aria-label={`Beneficios de ${product.name}`}>
            {product.benefits.map((b) => (
              <li key={b}>
                <Badge tone="green">{b}</Badge>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-auto flex flex-wrap items-end justify-between gap-2 pt-1">
          <div>
            <p className="font-semibold tabular-nums">{f.money(product.price)}</p>
            <p className="text-xs text-muted-foreground">{m.pointsUnit(f.points(product.points))}</p>
          </div>
          {soldOut ? (
            <Button variant="outline" size="sm" disabled aria-label={`${product.name}: ${m.soldOut}`}>
              {m.soldOut}
            </Button>
          ) : (
            <Button size="sm" onClick={onAdd} aria-label={m.addAria(product.name)}>
              <Plus aria-hidden="true" />
              {m.add}
            </Button>
          )}
        </div>
        {(inCart > 0 || (!soldOut && product.stock < FEW_LEFT)) && (
          <p className="flex flex-wrap justify-between gap-x-2 text-xs">
            {inCart > 0 ? <span className="font-medium text-primary">{m.inCart(f.count(inCart))}</span> : <span />}
            {!soldOut && product.stock < FEW_LEFT && <span className="text-tone-amber-foreground">{m.fewLeft(f.count(product.stock))}</span>}
          </p>
        )}
      </div>
    </li>
  );
}
