// «Registrar reposición»: the supplier, the products that came with their units and unit cost, a
// note; register_restock writes it all in one transaction. A refusal shows beside the line or field it
// names (DETAIL); after saving, the dialog says how each product's stock moved (before → after).
import { useQuery } from '@tanstack/react-query';
import { PackagePlus, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { ProductOption, RestockResult, SupplierOption } from '@/api/suppliers/suppliers-api';
import { useRegisterRestock } from '@/api/suppliers/suppliers-mutations';
import { suppliersQueries } from '@/api/suppliers/suppliers-queries';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { DbError, userMessage } from '@/lib/data/db';
import { cn } from '@/lib/utils';
import { m } from '../messages';
import { lineProblem, toInput, type DraftLine } from './restock-lines';

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

let nextKey = 1;
const draftOf = (l: { product_id: string; unit_cost?: number | null }): DraftLine => ({
  key: nextKey++,
  product_id: l.product_id,
  quantity: '',
  unit_cost: l.unit_cost == null ? '' : String(l.unit_cost),
});

/** Where a refusal belongs: a line (by position from 1), a field, or the whole form. */
type Place = { line: number } | { field: 'supplier' | 'note' } | null;

function placeOf(error: unknown): Place {
  const detail = error instanceof DbError ? error.details : null;
  if (!detail) return null;
  if (/^\d+$/.test(detail)) return { line: Number(detail) };
  if (detail === 'supplier' || detail === 'note') return { field: detail };
  return null;
}

function RestockForm({ start, onSaved, onCancel }: { start: RestockStart; onSaved: (r: RestockResult) => void; onCancel: () => void }) {
  const suppliers = useQuery(suppliersQueries.options());
  const products = useQuery(suppliersQueries.products());
  const register = useRegisterRestock();
  const [supplierId, setSupplierId] = useState(start.supplierId ?? '');
  const [lines, setLines] = useState<DraftLine[]>(() => (start.lines.length ? start.lines.map(draftOf) : [draftOf({ product_id: '' })]));
  const [note, setNote] = useState('');
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const [supplierError, setSupplierError] = useState<string | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const ids = { supplier: useId(), note: useId() };

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

  const activeSuppliers = suppliers.data.filter((s) => s.is_active || s.id === supplierId);
  const supplier = suppliers.data.find((s) => s.id === supplierId) ?? null;
  const activeProducts = products.data.filter((p) => p.is_active || lines.some((l) => l.product_id === p.id));

  const update = (key: number, patch: Partial<DraftLine>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const focusLine = (n: number) => formRef.current?.querySelector<HTMLElement>(`[data-line="${n}"] select, [data-line="${n}"] input`)?.focus();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setNoteError(null);
    const problems: Record<number, string> = {};
    lines.forEach((l, i) => {
      const problem = lineProblem(l);
      if (problem) problems[i + 1] = problem;
    });
    setLineErrors(problems);
    setSupplierError(supplierId ? null : m.needSupplier);
    if (!supplierId) return document.getElementById(ids.supplier)?.focus();
    const first = Object.keys(problems)[0];
    if (first) return focusLine(Number(first));
    try {
      onSaved(await register.mutateAsync({ supplierId, lines: lines.map(toInput), note }));
    } catch (error) {
      const place = placeOf(error);
      const message = userMessage(error);
      if (place && 'line' in place && place.line <= lines.length) {
        setLineErrors({ [place.line]: message });
        focusLine(place.line);
      } else if (place && 'field' in place && place.field === 'supplier') {
        setSupplierError(message);
        document.getElementById(ids.supplier)?.focus();
      } else if (place && 'field' in place) {
        setNoteError(message);
        document.getElementById(ids.note)?.focus();
      } else setFormError(message);
    }
  };

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.supplier} className="text-sm font-medium">
          {m.supplier}
        </label>
        <NativeSelect
          id={ids.supplier}
          value={supplierId}
          aria-invalid={!!supplierError || undefined}
          aria-describedby={`${ids.supplier}-hint${supplierError ? ` ${ids.supplier}-error` : ''}`}
          onChange={(e) => {
            setSupplierId(e.target.value);
            setSupplierError(null);
          }}
        >
          <option value="">{m.chooseSupplier}</option>
          {activeSuppliers.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </NativeSelect>
        <p id={`${ids.supplier}-hint`} className="text-xs text-muted-foreground">
          {m.inactiveSuppliersHidden}
        </p>
        {supplierError && (
          <p id={`${ids.supplier}-error`} role="alert" className="text-sm font-medium text-destructive">
            {supplierError}
          </p>
        )}
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">{m.lines}</legend>
        <ol className="flex flex-col gap-3">
          {lines.map((line, i) => (
            <RestockLineRow
              key={line.key}
              n={i + 1}
              line={line}
              error={lineErrors[i + 1] ?? null}
              products={activeProducts}
              supplier={supplier}
              takenIds={lines.filter((l) => l.key !== line.key).map((l) => l.product_id)}
              canRemove={lines.length > 1}
              onChange={(patch) => {
                update(line.key, patch);
                setLineErrors(({ [i + 1]: _gone, ...rest }) => rest);
              }}
              onRemove={() => {
                setLines((ls) => ls.filter((l) => l.key !== line.key));
                setLineErrors({});
              }}
            />
          ))}
        </ol>
        <Button type="button" variant="outline" className="self-start" onClick={() => setLines((ls) => [...ls, draftOf({ product_id: '' })])}>
          <PackagePlus aria-hidden="true" />
          {m.addLine}
        </Button>
      </fieldset>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.note} className="text-sm font-medium">
          {m.note}
        </label>
        <Textarea
          id={ids.note}
          rows={2}
          maxLength={500}
          value={note}
          placeholder={m.notePlaceholder}
          aria-invalid={!!noteError || undefined}
          aria-describedby={noteError ? `${ids.note}-error` : undefined}
          onChange={(e) => setNote(e.target.value)}
        />
        {noteError && (
          <p id={`${ids.note}-error`} role="alert" className="text-sm font-medium text-destructive">
            {noteError}
          </p>
        )}
      </div>

      {formError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {m.cancel}
        </Button>
        <Button type="submit" disabled={register.isPending}>
          {register.isPending ? m.registering : m.registerRestock}
        </Button>
      </DialogFooter>
    </form>
  );
}

interface LineProps {
  n: number;
  line: DraftLine;
  error: string | null;
  products: ProductOption[];
  supplier: SupplierOption | null;
  takenIds: string[];
  canRemove: boolean;
  onChange: (patch: Partial<DraftLine>) => void;
  onRemove: () => void;
}

function RestockLineRow({ n, line, error, products, supplier, takenIds, canRemove, onChange, onRemove }: LineProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const supplied = new Set(supplier?.product_ids ?? []);
  const option = (p: ProductOption) => (
    <option key={p.id} value={p.id} disabled={takenIds.includes(p.id)}>
      {`${p.name} (${p.sku}) · ${m.stockNow(p.stock)}`}
    </option>
  );
  const theirs = products.filter((p) => supplied.has(p.id));
  const others = products.filter((p) => !supplied.has(p.id));
  const invalid = error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  return (
    <li data-line={n} className={cn('rounded-lg border p-3', error && 'border-destructive')}>
      <p className="sr-only">{m.lineLabel(n)}</p>
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-3 sm:grid-cols-[minmax(0,1fr)_7rem_8rem_auto]">
        <div className="col-span-3 flex min-w-0 flex-col gap-1.5 sm:col-span-1">
          <label htmlFor={`${id}-product`} className="text-sm font-medium">
            {m.product}
          </label>
          <NativeSelect id={`${id}-product`} value={line.product_id} onChange={(e) => onChange({ product_id: e.target.value })} {...invalid}>
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
          <Input
            id={`${id}-quantity`}
            inputMode="numeric"
            autoComplete="off"
            value={line.quantity}
            onChange={(e) => onChange({ quantity: e.target.value })}
            {...invalid}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-cost`} className="text-sm font-medium">
            {m.unitCost}
          </label>
          <Input
            id={`${id}-cost`}
            inputMode="decimal"
            autoComplete="off"
            value={line.unit_cost}
            onChange={(e) => onChange({ unit_cost: e.target.value })}
            {...invalid}
          />
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
