// The list's search and filters (the shared filter bar): the search box keeps what is typed; the URL
// (and the query) follows after a pause.
import { PRODUCT_STATES, type ProductCategory, type ProductState } from '@/api/products/products-api';
import { FilterBar, SearchFilter, SelectFilter } from '@/components/filter-bar';
import { m } from '../messages';
import type { ProductsSearch } from '../products-search';

type FilterValues = Pick<ProductsSearch, 'q' | 'categoria' | 'stock' | 'kit' | 'estado'>;

interface Props {
  values: FilterValues;
  categories: ProductCategory[];
  onChange: (patch: Partial<FilterValues>, options?: { replace?: boolean }) => void;
}

const stateLabels: Record<ProductState, string> = { activos: m.stateActive, inactivos: m.stateInactive, todos: m.stateAll };

export function ProductsFilters({ values, categories, onChange }: Props) {
  // A category in the URL that no product has any more still shows (and can be cleared).
  const names = categories.map((c) => c.category);
  if (values.categoria && !names.includes(values.categoria)) names.push(values.categoria);
  return (
    <FilterBar>
      <SearchFilter
        spansRow
        label={m.search}
        hint={m.searchHint}
        placeholder={m.searchPlaceholder}
        value={values.q}
        onSearch={(text) => onChange({ q: text }, { replace: true })}
      />
      <SelectFilter label={m.categoryFilter} wrapperClassName="w-full" value={values.categoria ?? ''} onChange={(v) => onChange({ categoria: v || undefined })}>
        <option value="">{m.anyCategory}</option>
        {names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </SelectFilter>
      <SelectFilter
        label={m.stockFilter}
        wrapperClassName="w-full"
        value={values.stock ?? ''}
        onChange={(v) => onChange({ stock: v === 'bajo' ? 'bajo' : undefined })}
      >
        <option value="">{m.anyStock}</option>
        <option value="bajo">{m.lowStockOnly}</option>
      </SelectFilter>
      <SelectFilter
        label={m.kitFilter}
        wrapperClassName="w-full"
        value={values.kit ?? ''}
        onChange={(v) => onChange({ kit: (v || undefined) as 'si' | 'no' | undefined })}
      >
        <option value="">{m.anyKit}</option>
        <option value="si">{m.kitYes}</option>
        <option value="no">{m.kitNo}</option>
      </SelectFilter>
      <SelectFilter label={m.stateFilter} wrapperClassName="w-full" value={values.estado} onChange={(v) => onChange({ estado: v as ProductState })}>
        {PRODUCT_STATES.map((s) => (
          <option key={s} value={s}>
            {stateLabels[s]}
          </option>
        ))}
      </SelectFilter>
    </FilterBar>
  );
}
