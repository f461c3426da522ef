// «Registrar reposición»: the supplier, the products that came with their units and unit cost, a
// note; register_restock writes it all in one transaction. A refusal shows beside the line or field it
// names (DETAIL); after saving, the dialog says how each product's stock moved (before → after).
import { useQuery } from '@tanstack/react-query';
import { PackagePlus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { z } from 'zod/mini';
import type { ProductOption, RestockResult, SupplierOption } from '@/api/suppliers/suppliers-api';
import { useRegisterRestock } from '@/api/suppliers/suppliers-mutations';
import { suppliersQueries } from '@/api/suppliers/suppliers-queries';
import { Form, FormField, FormFooter } from '@/components/form/form';
import { useAppForm, useFormSubmit, type AppForm } from '@/components/form/use-app-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { userMessage, type DbError } from '@/lib/data/db';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { m } from '../messages';
import { lineIssue, toInput, type DraftLine } from './restock-lines';

/** What the dialog opens with: a supplier and products, from a suggestion or `?reponer=`. */
export interface RestockStart {
  supplierId: string | null;
  lines: { product_id: string; unit_cost?: number | null }[];
}

interface Props {
  open: boolean;
  start: RestockStart;
  onOpenChange: (open: boolean) => void;
}

export function RestockDialog({ open, start, onOpenChange }: Props) {
  const [result, setResult] = useState<RestockResult | null>(null);
  const [round, setRound] = useState(0);
  const change = (next: boolean) => {
    if (!next) setResult(null);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-3xl">
        {result ? (
          <RestockDone
            result={result}
            onClose={() => change(false)}
            onAnother={() => {
              setResult(null);
              setRound((r) => r + 1);
            }}
          />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{m.restockTitle}</DialogTitle>
              <DialogDescription>{m.restockDescription}</DialogDescription>
            </DialogHeader>
            {open && (
              <RestockForm key={round} start={round === 0 ? start : { supplierId: null, lines: [] }} onSaved={setResult} onCancel={() => change(false)} />
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

const draftOf = (l: { product_id: string; unit_cost?: number | null }): DraftLine => ({
  product_id: l.product_id,
  quantity: '',
  unit_cost: l.unit_cost == null ? '' : String(l.unit_cost),
});

// The limits register_restock checks, said per control; the values go as typed (it trims them).
const restockSchema = z.object({
  supplierId: z.string().check(z.minLength(1, m.needSupplier)),
  lines: z.array(
    z.object({ product_id: z.string(), quantity: z.string(), unit_cost: z.string() }).check((ctx) => {
      const issue = lineIssue(ctx.value);
      if (issue) ctx.issues.push({ code: 'custom', input: ctx.value, path: [issue.field], message: issue.message });
    }),
  ),
  note: z.string(),
});
type RestockForm = AppForm<typeof restockSchema>;

/** register_restock's DETAIL: a line by its position from 1, the supplier or the note. */
function fieldsOf(error: DbError, lineCount: number) {
  const detail = error.details ?? '';
  if (/^\d+$/.test(detail) && Number(detail) >= 1 && Number(detail) <= lineCount) return `lines.${Number(detail) - 1}` as const;
  if (detail === 'supplier') return 'supplierId';
  if (detail === 'note') return 'note';
  return null;
}

function RestockForm({ start, onSaved, onCancel }: { start: RestockStart; onSaved: (r: RestockResult) => void; onCancel: () => void }) {
  const suppliers = useQuery(suppliersQueries.options());
  const products = useQuery(suppliersQueries.products());
  if (suppliers.isPending || products.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-9 w-1/2" />
      </div>
    );
  }
  if (suppliers.isError || products.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {userMessage(suppliers.error ?? products.error)}
      </p>
    );
  }
  return <RestockFields start={start} suppliers={suppliers.data} products={products.data} onSaved={onSaved} onCancel={onCancel} />;
}

interface FieldsProps {
  start: RestockStart;
  suppliers: SupplierOption[];
  products: ProductOption[];
  onSaved: (r: RestockResult) => void;
  onCancel: () => void;
}

function RestockFields({ start, suppliers, products, onSaved, onCancel }: FieldsProps) {
  const register = useRegisterRestock();
  const form = useAppForm(restockSchema, {
    defaultValues: {
      supplierId: start.supplierId ?? '',
      lines: start.lines.length ? start.lines.map(draftOf) : [draftOf({ product_id: '' })],
      note: '',
    },
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const [supplierId, drafts] = useWatch({ control: form.control, name: ['supplierId', 'lines'] });
  const submit = useFormSubmit(
    form,
    async (v) => onSaved(await register.mutateAsync({ supplierId: v.supplierId, lines: v.lines.map(toInput), note: v.note })),
    {
      fields: (error) => fieldsOf(error, form.getValues('lines').length),
    },
  );

  const activeSuppliers = suppliers.filter((s) => s.is_active || s.id === supplierId);
  const supplier = suppliers.find((s) => s.id === supplierId) ?? null;
  const activeProducts = products.filter((p) => p.is_active || drafts.some((l) => l.product_id === p.id));

  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
      <FormField name="supplierId" label={m.supplier} description={m.inactiveSuppliersHidden}>
        <NativeSelect>
          <option value="">{m.chooseSupplier}</option>
          {activeSuppliers.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">{m.lines}</legend>
        <ol className="flex flex-col gap-3">
          {lines.fields.map((line, i) => (
            <RestockLineRow
              key={line.id}
              form={form}
              index={i}
              products={activeProducts}
              supplier={supplier}
              takenIds={drafts.filter((_, j) => j !== i).map((l) => l.product_id)}
              canRemove={lines.fields.length > 1}
              onRemove={() => lines.remove(i)}
            />
          ))}
        </ol>
        <Button type="button" variant="outline" className="self-start" onClick={() => lines.append(draftOf({ product_id: '' }))}>
          <PackagePlus aria-hidden="true" />
          {m.addLine}
        </Button>
      </fieldset>

      <FormField name="note" label={m.note}>
        <Textarea rows={2} maxLength={500} placeholder={m.notePlaceholder} />
      </FormField>

      <FormFooter submitLabel={m.registerRestock} pendingLabel={m.registering} cancelLabel={m.cancel} onCancel={onCancel} />
    </Form>
  );
}

interface LineProps {
  form: RestockForm;
  index: number;
  products: ProductOption[];
  supplier: SupplierOption | null;
  takenIds: string[];
  canRemove: boolean;
  onRemove: () => void;
}

function RestockLineRow({ form, index, products, supplier, takenIds, canRemove, onRemove }: LineProps) {
  const id = useId();
  const { currency } = useFormat();
  const n = index + 1;
  const errorId = `${id}-error`;
  const { errors } = useFormState({ control: form.control, name: `lines.${index}` });
  // A refusal of the whole line (the database names it by position) or of one of its controls.
  const lineError = errors.lines?.[index];
  const error = lineError?.message ?? lineError?.product_id?.message ?? lineError?.quantity?.message ?? lineError?.unit_cost?.message ?? null;
  const supplied = new Set(supplier?.product_ids ?? []);
  const option = (p: ProductOption) => (
    <option key={p.id} value={p.id} disabled={takenIds.includes(p.id)}>
      {`${p.name} (${p.sku}) · ${m.stockNow(p.stock)}`}
    </option>
  );
  const theirs = products.filter((p) => supplied.has(p.id));
  const others = products.filter((p) => !supplied.has(p.id));
  const invalid = (field: 'product_id' | 'quantity' | 'unit_cost') =>
    lineError?.message || lineError?.[field] ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  return (
    <li data-line={n} className={cn('rounded-lg border p-3', error && 'border-destructive')}>
      <p className="sr-only">{m.lineLabel(n)}</p>
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-3 sm:grid-cols-[minmax(0,1fr)_7rem_8rem_auto]">
        <div className="col-span-3 flex min-w-0 flex-col gap-1.5 sm:col-span-1">
          <label htmlFor={`${id}-product`} className="text-sm font-medium">
            {m.product}
          </label>
          <NativeSelect id={`${id}-product`} {...form.register(`lines.${index}.product_id`)} {...invalid('product_id')}>
            <option value="">{m.chooseProduct}</option>
            {theirs.length > 0 ? (
              <>
                <optgroup label={m.suppliedFirst}>{theirs.map(option)}</optgroup>
                <optgroup label={m.otherProducts}>{others.map(option)}</optgroup>
              </>
            ) : (
              others.map(option)
            )}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-quantity`} className="text-sm font-medium">
            {m.quantity}
          </label>
          <Input id={`${id}-quantity`} inputMode="numeric" autoComplete="off" {...form.register(`lines.${index}.quantity`)} {...invalid('quantity')} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-cost`} className="text-sm font-medium">
            {m.unitCostIn(currency)}
          </label>
          <Input id={`${id}-cost`} inputMode="decimal" autoComplete="off" {...form.register(`lines.${index}.unit_cost`)} {...invalid('unit_cost')} />
        </div>
        <Button type="button" variant="ghost" size="icon" disabled={!canRemove} aria-label={m.removeLine(n)} onClick={onRemove}>
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </li>
  );
}

function RestockDone({ result, onClose, onAnother }: { result: RestockResult; onClose: () => void; onAnother: () => void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>{m.doneTitle(result.restock_id)}</DialogTitle>
        <DialogDescription>{m.doneDescription(result.supplier_name)}</DialogDescription>
      </DialogHeader>
      <ul className="flex flex-col divide-y rounded-lg border" aria-label={m.colStock}>
        {result.lines.map((l) => (
          <li key={l.product_id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <span className="min-w-0">
              <span className="font-medium">{l.name}</span> <span className="text-xs text-muted-foreground">{l.sku}</span>
              <span className="block text-xs text-muted-foreground">+{m.units(l.quantity)}</span>
            </span>
            <span className="font-medium tabular-nums" data-testid={`stock-${l.sku}`}>
              {m.stockChange(l.stock_before, l.stock_after)}
            </span>
          </li>
        ))}
      </ul>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onAnother}>
          {m.another}
        </Button>
        <Button type="button" onClick={onClose}>
          {m.close}
        </Button>
      </DialogFooter>
    </>
  );
}
