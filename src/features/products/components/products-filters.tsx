// The list's search and filters. The search box keeps what is typed; the URL (and the query) follows
// after a pause, so a keystroke never waits for the database.
import { Search } from 'lucide-react';
import { useId } from 'react';
import { PRODUCT_STATES, type ProductCategory, type ProductState } from '@/api/products/products-api';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useDebouncedText } from '@/lib/use-debounced-text';
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
  const ids = { q: useId(), qHint: useId(), category: useId(), stock: useId(), kit: useId(), state: useId() };
  const [q, setQ] = useDebouncedText(values.q, (text) => onChange({ q: text }, { replace: true }));
  // A category in the URL that no product has any more still shows (and can be cleared).
  const names = categories.map((c) => c.category);
  if (values.categoria && !names.includes(values.categoria)) names.push(values.categoria);
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(16rem,2fr)_repeat(4,minmax(0,1fr))] lg:items-end">
      <div className="col-span-2 flex flex-col gap-1.5 lg:col-span-1">
        <label htmlFor={ids.q} className="text-sm font-medium">
          {m.search}
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            id={ids.q}
            type="search"
            className="pl-8"
            value={q}
            maxLength={100}
            placeholder={m.searchPlaceholder}
            aria-describedby={ids.qHint}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
        <p id={ids.qHint} className="sr-only">
          {m.searchHint}
        </p>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.category} className="text-sm font-medium">
          {m.categoryFilter}
        </label>
        <NativeSelect wrapperClassName="w-full" id={ids.category} value={values.categoria ?? ''} onChange={(e) => onChange({ categoria: e.target.value || undefined })}>
          <option value="">{m.anyCategory}</option>
          {names.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.stock} className="text-sm font-medium">
          {m.stockFilter}
        </label>
        <NativeSelect wrapperClassName="w-full" id={ids.stock} value={values.stock ?? ''} onChange={(e) => onChange({ stock: e.target.value === 'bajo' ? 'bajo' : undefined })}>
          <option value="">{m.anyStock}</option>
          <option value="bajo">{m.lowStockOnly}</option>
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.kit} className="text-sm font-medium">
          {m.kitFilter}
        </label>
        <NativeSelect wrapperClassName="w-full" id={ids.kit} value={values.kit ?? ''} onChange={(e) => onChange({ kit: (e.target.value || undefined) as 'si' | 'no' | undefined })}>
          <option value="">{m.anyKit}</option>
          <option value="si">{m.kitYes}</option>
          <option value="no">{m.kitNo}</option>
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.state} className="text-sm font-medium">
          {m.stateFilter}
        </label>
        <NativeSelect wrapperClassName="w-full" id={ids.state} value={values.estado} onChange={(e) => onChange({ estado: e.target.value as ProductState })}>
          {PRODUCT_STATES.map((s) => (
            <option key={s} value={s}>
              {stateLabels[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
