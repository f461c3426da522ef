// The recipe's products: each chosen one with its amount (and its flag when it is out of stock or
// withdrawn), and a search of the active catalogue on the server (list_products) to add more.
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { productsQueries } from '@/api/products/products-queries';
import { Button } from '@/components/ui/button';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useDebouncedText } from '@/lib/hooks/use-debounced';
import { m } from '../messages';
import { IngredientFlag } from './ingredient-flag';
import type { RecipeFormValues } from './recipe-form-schema';

export function ProductsField({
  control,
  register,
  errors,
  disabled,
}: {
  control: Control<RecipeFormValues>;
  register: UseFormRegister<RecipeFormValues>;
  errors: FieldErrors<RecipeFormValues>;
  disabled?: boolean;
}) {
  const lines = useFieldArray({ control, name: 'products', keyName: 'key' });
  const [query, setQuery] = useState<string | undefined>();
  const [text, setText] = useDebouncedText(query, setQuery);
  const results = useQuery({
    ...productsQueries.list({
      query: query ?? null,
      category: null,
      lowStock: false,
      kit: false,
      state: 'activos',
      sort: 'nombre',
      desc: false,
      page: 1,
      pageSize: 6,
    }),
    enabled: !!query,
  });
  const chosen = new Set(lines.fields.map((f) => f.product_id));
  const listError = errors.products?.message ?? errors.products?.root?.message;

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby="recipe-products-hint">
      <legend className="text-sm font-medium">{m.products}</legend>
      <p id="recipe-products-hint" className="text-xs text-muted-foreground">
        {m.productsHint}
      </p>
      {lines.fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">{m.noProductsYet}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {lines.fields.map((line, index) => (
            <li key={line.key} className="flex flex-wrap items-start gap-2 rounded-md border p-2">
              <div className="flex min-w-0 flex-1 basis-40 flex-col gap-1 pt-1.5">
                <span className="text-sm font-medium">{line.name}</span>
                <IngredientFlag status={line.status} />
              </div>
              <Field controlId={`recipe-amount-${index}`} error={errors.products?.[index]?.amount?.message} className="basis-40 grow sm:grow-0">
                <FieldLabel className="sr-only">{m.amountOf(line.name)}</FieldLabel>
                <FieldControl>
                  <Input placeholder={m.amountPlaceholder} maxLength={60} autoComplete="off" disabled={disabled} {...register(`products.${index}.amount`)} />
                </FieldControl>
                <FieldError />
              </Field>
              <Button type="button" variant="ghost" size="icon" aria-label={m.removeProduct(line.name)} disabled={disabled} onClick={() => lines.remove(index)}>
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {listError && (
        <p role="alert" className="text-xs font-medium text-destructive">
          {listError}
        </p>
      )}
      <Field controlId="recipe-product-search">
        <FieldLabel>{m.productSearch}</FieldLabel>
        <FieldControl>
          <Input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={m.productSearchPlaceholder}
            autoComplete="off"
            disabled={disabled}
          />
        </FieldControl>
        <FieldDescription>{m.searchHint}</FieldDescription>
      </Field>
      {query && (
        <ul aria-label={m.productMatches} aria-busy={results.isFetching} className="flex flex-col divide-y rounded-md border">
          {results.data?.rows.length === 0 && <li className="p-2 text-sm text-muted-foreground">{m.noProductMatches}</li>}
          {results.data?.rows.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-2 p-2">
              <span className="min-w-0 text-sm">
                {p.name} <span className="font-mono text-xs text-muted-foreground">{p.sku}</span>
              </span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                aria-label={m.addProduct(p.name)}
                disabled={disabled || chosen.has(p.id)}
                onClick={() =>
                  lines.append(
                    {
                      product_id: p.id,
                      name: p.name,
                      amount: '',
                      status: p.stock > 0 ? 'disponible' : 'agotado',
                    },
                    { focusName: `products.${lines.fields.length}.amount` },
                  )
                }
              >
                <Plus aria-hidden="true" />
                {m.add}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
