// «Contiene»: the closed set of what a product contains that someone may have to avoid, as
// checkboxes in a labelled group (the Análisis de Salud excludes products by it).
import { Checkbox } from '@/components/ui/checkbox';
import { PRODUCT_COMPONENTS, productComponentLabels } from '@/lib/data/domain';
import { m } from '../messages';

export function ComponentsInput({ value, onChange, error }: { value: string[]; onChange: (next: string[]) => void; error?: string }) {
  const toggle = (component: string, on: boolean) => onChange(PRODUCT_COMPONENTS.filter((c) => (c === component ? on : value.includes(c))));
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby="product-components-hint" aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium">{m.components}</legend>
      <p id="product-components-hint" className="text-sm text-muted-foreground">
        {m.componentsHint}
      </p>
      <div className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
        {PRODUCT_COMPONENTS.map((c) => (
          <label key={c} className="flex items-center gap-2 text-sm">
            <Checkbox checked={value.includes(c)} onCheckedChange={(on) => toggle(c, on === true)} />
            {productComponentLabels[c]}
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
