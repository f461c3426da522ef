// The orderable catalogue: active products that are not starter kits, searched and filtered on the
// server, a page at a time, with the search, category and page in the URL.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PackageSearch, Search, SearchX } from 'lucide-react';
import { useEffect, useEffectEvent, useId } from 'react';
import { catalogueQueries } from '@/api/catalogue/catalogue-queries';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebouncedText } from '@/lib/hooks/use-debounced';
import type { DataTableControls } from '@/lib/url/table-search';
import { cn } from '@/lib/utils';
import type { Cart } from '../cart/cart-store';
import { orderMessages as m } from '../messages';
import { ProductCard } from './product-card';

export interface CatalogueProps {
  search: string | undefined;
  category: string | undefined;
  controls: DataTableControls;
  onFilters: (filters: { q?: string; categoria?: string }, options?: { replace?: boolean }) => void;
  cart: Cart;
}

export function Catalogue({ search, category, controls, onFilters, cart }: CatalogueProps) {
  const params = {
    search: search ?? '',
    category: category ?? null,
    page: controls.page,
    pageSize: controls.pageSize,
  };
  const query = useQuery(catalogueQueries.orderable(params));
  const categories = useQuery({
    ...catalogueQueries.categories(),
    placeholderData: keepPreviousData,
  });
  const { data } = query;

  const lastPage = Math.max(1, Math.ceil((data?.total ?? 0) / controls.pageSize));
  const pastTheEnd = !!data && !query.isPlaceholderData && data.total > 0 && data.rows.length === 0 && controls.page > lastPage;
  const goToLastPage = useEffectEvent(() => controls.setPage(lastPage, { replace: true }));
  useEffect(() => {
    if (pastTheEnd) goToLastPage();
  }, [pastTheEnd]);

  const inCart = (id: string) => cart.lines.find((l) => l.product_id === id)?.quantity ?? 0;

  return (
    <section aria-labelledby="catalogue-title" className="flex flex-col gap-4">
      <h2 id="catalogue-title" className="sr-only">
        {m.catalogueLabel}
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchBox value={search} onSearch={(q) => onFilters({ q }, { replace: true })} />
        <CategoryFilter value={category} options={categories.data ?? []} onChange={(c) => onFilters({ categoria: c })} />
      </div>

      {query.isPending && !data ? (
        <CatalogueSkeleton count={Math.min(controls.pageSize, 6)} />
      ) : query.isError || !data ? (
        <ErrorState title={m.catalogueFailed} error={query.error} onRetry={query.refetch} retrying={query.isFetching} />
      ) : data.total === 0 ? (
        controls.isFiltered ? (
          <EmptyState
            icon={SearchX}
            title={m.noMatches}
            action={
              <Button variant="outline" onClick={controls.clearFilters}>
                {m.clearFilters}
              </Button>
            }
          />
        ) : (
          <EmptyState icon={PackageSearch} title={m.catalogueEmpty} description={m.catalogueEmptyHint} />
        )
      ) : (
        <>
          <ul
            aria-label={m.catalogueLabel}
            aria-busy={query.isPlaceholderData || undefined}
            className={cn('grid gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-1 2xl:grid-cols-2', query.isPlaceholderData && 'opacity-60')}
          >
            {data.rows.map((product) => (
              <ProductCard key={product.id} product={product} inCart={inCart(product.id)} onAdd={() => cart.add(product)} />
            ))}
          </ul>
          <Pagination
            page={controls.page}
            pageSize={controls.pageSize}
            pageSizes={controls.pageSizes}
            total={data.total}
            sizeLabel={m.productsPerPage}
            onPageChange={controls.setPage}
            onPageSizeChange={controls.setPageSize}
          />
        </>
      )}
    </section>
  );
}

/** Typing waits a moment before it searches (and replaces the history entry, not one per letter). */
function SearchBox({ value, onSearch }: { value: string | undefined; onSearch: (q: string | undefined) => void }) {
  const id = useId();
  const [text, setText] = useDebouncedText(value, onSearch);
  return (
    <div className="flex flex-1 flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {m.searchLabel}
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input id={id} type="search" value={text} placeholder={m.searchPlaceholder} maxLength={80} onChange={(e) => setText(e.target.value)} className="pl-9" />
      </div>
    </div>
  );
}

function CategoryFilter({ value, options, onChange }: { value: string | undefined; options: string[]; onChange: (category: string | undefined) => void }) {
  const id = useId();
  // A category typed in the URL that no longer exists still shows as selected, so the filter is honest.
  const all = value && !options.includes(value) ? [...options, value] : options;
  return (
    <div className="flex flex-col gap-2 sm:w-56">
      <label htmlFor={id} className="text-sm font-medium">
        {m.categoryLabel}
      </label>
      <NativeSelect id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)} wrapperClassName="w-full">
        <option value="">{m.allCategories}</option>
        {all.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function CatalogueSkeleton({ count }: { count: number }) {
  return (
    <div aria-busy="true">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 2xl:grid-cols-2" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="flex gap-4 rounded-xl border p-3">
            <Skeleton className="size-20 shrink-0 rounded-lg sm:size-24" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/3" />
              <Skeleton className="h-8 w-full" />
              <div className="flex justify-between pt-1">
                <Skeleton className="h-6 w-20" />
                <Skeleton className="h-8 w-24" />
              </div>
            </div>
          </li>
        ))}
      </ul>
      <span className="sr-only" role="status">
        Cargando…
      </span>
    </div>
  );
}
