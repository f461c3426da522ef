import { Leaf } from 'lucide-react';
import { BUCKETS, publicUrl } from '@/api/storage/storage-api';
import type { PublicProduct } from '@/api/public-page/public-page-api';
import { formatMoney } from '@/lib/format';
import { publicPageMessages as m } from '../messages';
import { BenefitList } from './benefit-list';

function ProductCard({ product, currency }: { product: PublicProduct; currency: string }) {
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm">
      {product.image_path ? (
        <img
          src={publicUrl(BUCKETS.products, product.image_path)}
          alt={product.name}
          loading="lazy"
          className="aspect-[4/3] w-full bg-muted object-cover"
        />
      ) : (
        <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-1 bg-muted text-muted-foreground">
          <Leaf className="size-8" aria-hidden="true" />
          <span className="text-xs">{m.noPhoto}</span>
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        {product.category && <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{product.category}</p>}
        <h3 className="text-base leading-snug font-semibold">{product.name}</h3>
        {product.description && <p className="text-sm text-muted-foreground">{product.description}</p>}
        <BenefitList benefits={product.benefits} label={`Beneficios de ${product.name}`} />
        <p className="mt-auto pt-2 text-lg font-semibold tabular-nums">{formatMoney(product.price, currency)}</p>
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
