import { Leaf } from 'lucide-react';
import { BUCKETS, publicUrl } from '@/api/storage/buckets';
import type { PublicProduct } from '@/api/public-page/public-page-api';
import { formatMoney } from '@/lib/format/format';
import { publicPageMessages as m } from '../messages';
import { BenefitList } from './benefit-list';

// On a phone a card is a row (a small photo beside the text), so the catalogue does not take
// screens of photos; from 640 px up it is a column with the photo on top.
function ProductPhoto({ product }: { product: PublicProduct }) {
  const frame = 'size-24 shrink-0 rounded-lg bg-muted sm:aspect-[16/9] sm:size-auto sm:w-full sm:rounded-none';
  if (product.image_path) {
    return <img src={publicUrl(BUCKETS.products, product.image_path)} alt={product.name} loading="lazy" className={`${frame} object-cover`} />;
  }
  return (
    <div className={`${frame} flex flex-col items-center justify-center gap-1 text-muted-foreground`}>
      <Leaf className="size-7" aria-hidden="true" />
      <span className="text-xs">{m.noPhoto}</span>
    </div>
  );
}

function ProductCard({ product, currency }: { product: PublicProduct; currency: string }) {
  return (
    <li className="flex gap-3 overflow-hidden rounded-xl border bg-card p-3 text-card-foreground shadow-sm sm:flex-col sm:gap-0 sm:p-0">
      <ProductPhoto product={product} />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:gap-2 sm:p-4">
        {product.category && <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{product.category}</p>}
        <h3 className="text-base leading-snug font-semibold">{product.name}</h3>
        {product.description && <p className="text-sm text-muted-foreground">{product.description}</p>}
        <BenefitList benefits={product.benefits} label={`Beneficios de ${product.name}`} />
        <p className="mt-auto pt-1 text-lg font-semibold tabular-nums sm:pt-2">{formatMoney(product.price, currency)}</p>
      </div>
    </li>
  );
}

export function CatalogueSection({ products, currency }: { products: PublicProduct[]; currency: string }) {
  return (
    <section aria-labelledby="catalogo" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="catalogo" className="text-2xl font-semibold tracking-tight">
          {m.catalogueTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{m.notMedicine}</p>
      </div>
      {products.length === 0 ? (
        <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">{m.catalogueEmpty}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {products.map((p) => (
            <ProductCard key={p.id} product={p} currency={currency} />
          ))}
        </ul>
      )}
    </section>
  );
}
