// A direct sale: the registered member who buys, the products and quantities (with the stock there
// is), the payment; create_direct_sale makes it Pagada at once and the new sale opens. The database
// prices it and refuses what it cannot sell; a refusal about a product is shown on its line.
import { useQuery } from '@tanstack/react-query';
import { LoaderCircle, Minus, Plus, Search, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { CatalogueProduct } from '@/api/catalogue/catalogue-api';
import { catalogueQueries } from '@/api/catalogue/catalogue-queries';
import type { MemberRow } from '@/api/clients/clients-api';
import { useCreateDirectSale } from '@/api/sales-admin/sales-admin-mutations';
import { PaymentMethodField } from '@/components/payment-method-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Textarea } from '@/components/ui/textarea';
import { DbError, userMessage } from '@/lib/data/db';
import type { PaymentMethod } from '@/lib/data/domain';
import { useFormat } from '@/lib/format/use-format';
import { useDebounced } from '@/lib/hooks/use-debounced';
import { cn } from '@/lib/utils';
import { m } from '../messages';
import { MemberSearch } from '@/components/member-search';

interface Line {
  product: CatalogueProduct;
  quantity: number;
}

/** The product ids a refusal names in its details («a,b»). */
const idsIn = (details: string | null | undefined) =>
  (details ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const LINE_CODES = new Set(['insufficient_stock', 'unknown_product', 'invalid_quantity', 'kit_in_order']);

export function NewSaleForm({ onCreated }: { onCreated: (saleId: string) => void }) {
  const ids = { payment: useId(), paymentError: useId(), reference: useId(), notes: useId(), form: useId() };
  const create = useCreateDirectSale();
  const [buyer, setBuyer] = useState<MemberRow | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const [method, setMethod] = useState<PaymentMethod | undefined>('efectivo');
  const [reference, setReference] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<{ buyer?: string; cart?: string; payment?: string; general?: string; lines?: Map<string, string> }>({});

  const setQuantity = (id: string, quantity: number) =>
    setLines((ls) => ls.map((l) => (l.product.id === id ? { ...l, quantity: Math.max(1, Math.min(10000, Math.trunc(quantity) || 1)) } : l)));
  const add = (product: CatalogueProduct) => {
    setErrors((e) => ({ ...e, cart: undefined }));
    setLines((ls) => (ls.some((l) => l.product.id === product.id) ? ls : [...ls, { product, quantity: 1 }]));
  };
  const remove = (id: string) => setLines((ls) => ls.filter((l) => l.product.id !== id));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const next: typeof errors = {};
    if (!buyer) next.buyer = m.chooseBuyer;
    if (lines.length === 0) next.cart = m.cartEmpty;
    if (!method) next.payment = m.choosePayment;
    setErrors(next);
    if (!buyer || lines.length === 0 || !method) return;
    try {
      const sale = await create.mutateAsync({
        clientId: buyer.id,
        items: lines.map((l) => ({ product_id: l.product.id, quantity: l.quantity })),
        paymentMethod: method,
        paymentReference: reference.trim(),
        notes: notes.trim(),
      });
      onCreated(sale.id);
    } catch (error) {
      const message = userMessage(error);
      if (error instanceof DbError && error.saviaCode && LINE_CODES.has(error.saviaCode) && idsIn(error.details).length) {
        setErrors({ lines: new Map(idsIn(error.details).map((id) => [id, message])) });
      } else if (error instanceof DbError && error.saviaCode === 'unknown_client') {
        setErrors({ buyer: message });
      } else if (error instanceof DbError && error.saviaCode === 'invalid_payment_method') {
        setErrors({ payment: message });
      } else {
        setErrors({ general: message });
      }
    }
  };

  return (
    <>
      <div className="border-b px-6 pt-5 pr-14 pb-4">
        <SheetTitle className="text-lg font-semibold">{m.newSale}</SheetTitle>
        <SheetDescription className="mt-1 text-sm text-muted-foreground">{m.newSaleDescription}</SheetDescription>
      </div>
      <form id={ids.form} onSubmit={(e) => void submit(e)} className="flex-1 overflow-y-auto px-6 py-5" noValidate>
        <div className="flex flex-col gap-6">
          <section className="flex flex-col gap-2" aria-label={m.buyer}>
            {buyer ? (
              <div className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
                <div className="min-w-0">
                  <p className="text-xs text-muted-foreground">{m.buyer}</p>
                  <p className="font-medium" data-testid="chosen-buyer">
                    {buyer.name}
                  </p>
                  <p className="text-xs break-all text-muted-foreground">{buyer.email}</p>
                </div>
                <Button type="button" variant="outline" size="sm" onClick={() => setBuyer(null)}>
                  {m.changeBuyer}
                </Button>
              </div>
            ) : (
              <MemberSearch
                label={m.buyerSearch}
                registeredOnly
                autoFocus
                onPick={(member) => {
                  setBuyer(member);
                  setErrors((e) => ({ ...e, buyer: undefined }));
                }}
              />
            )}
            {errors.buyer && (
              <p role="alert" className="text-xs font-medium text-tone-red-foreground">
                {errors.buyer}
              </p>
            )}
          </section>

          <section className="flex flex-col gap-3">
            <h3 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">{m.products}</h3>
            <ProductSearch onAdd={add} chosen={lines.map((l) => l.product.id)} />
            {lines.length > 0 && (
              <ul className="flex flex-col divide-y rounded-md border" aria-label={m.products}>
                {lines.map((l) => (
                  <CartLine
                    key={l.product.id}
                    line={l}
                    error={errors.lines?.get(l.product.id)}
                    onQuantity={(q) => setQuantity(l.product.id, q)}
                    onRemove={() => remove(l.product.id)}
                  />
                ))}
              </ul>
            )}
            {errors.cart && (
              <p role="alert" className="text-xs font-medium text-tone-red-foreground">
                {errors.cart}
              </p>
            )}
          </section>

          <PaymentMethodField
            legend={m.paymentMethod}
            name={ids.payment}
            value={method}
            onChange={(v) => {
              setMethod(v);
              setErrors((e) => ({ ...e, payment: undefined }));
            }}
            error={errors.payment}
            errorId={ids.paymentError}
          />
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.reference} className="text-sm font-medium">
              {m.paymentReference}
            </label>
            <Input id={ids.reference} value={reference} maxLength={120} onChange={(e) => setReference(e.target.value)} />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.notes} className="text-sm font-medium">
              {m.notes}
            </label>
            <Textarea id={ids.notes} value={notes} maxLength={2000} rows={2} onChange={(e) => setNotes(e.target.value)} />
          </div>
        </div>
      </form>
      <div className="flex flex-col gap-2 border-t bg-background px-6 py-4">
        {errors.general && (
          <p role="alert" className="text-sm font-medium text-tone-red-foreground">
            {errors.general}
          </p>
        )}
        <Button type="submit" form={ids.form} disabled={create.isPending} className="sm:self-end">
          {create.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          {create.isPending ? m.registering : m.register}
        </Button>
      </div>
    </>
  );
}

function ProductSearch({ onAdd, chosen }: { onAdd: (p: CatalogueProduct) => void; chosen: string[] }) {
  const f = useFormat();
  const id = useId();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());
  const products = useQuery(catalogueQueries.orderable({ search, category: null, page: 1, pageSize: 6 }));
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {m.productSearch}
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          id={id}
          type="search"
          className="pl-8"
          value={text}
          maxLength={100}
          placeholder={m.productSearchPlaceholder}
          autoComplete="off"
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      {products.data && products.data.rows.length === 0 && <p className="px-1 py-2 text-sm text-muted-foreground">{m.noProducts}</p>}
      {products.data && products.data.rows.length > 0 && (
        <ul className="flex flex-col divide-y rounded-md border text-sm" aria-label={m.productResults}>
          {products.data.rows.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-3 px-3 py-1.5">
              <div className="min-w-0">
                <p className="truncate font-medium">{p.name}</p>
                <p className={cn('text-xs tabular-nums', p.stock > 0 ? 'text-muted-foreground' : 'text-tone-red-foreground')}>
                  {f.money(p.price)} · {p.stock > 0 ? m.stock(f.count(p.stock)) : m.noStock}
                </p>
              </div>
              <Button type="button" variant="outline" size="icon" aria-label={m.add(p.name)} disabled={chosen.includes(p.id)} onClick={() => onAdd(p)}>
                <Plus aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CartLine({ line, error, onQuantity, onRemove }: { line: Line; error?: string; onQuantity: (q: number) => void; onRemove: () => void }) {
  const f = useFormat();
  const id = useId();
  const { product, quantity } = line;
  return (
    <li className="flex flex-col gap-1 px-3 py-2" data-testid="sale-line" aria-invalid={!!error || undefined}>
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium">{product.name}</p>
          <p className={cn('text-xs tabular-nums', quantity > product.stock ? 'text-tone-red-foreground' : 'text-muted-foreground')}>
            {f.money(product.price)} · {m.stock(f.count(product.stock))}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <Button
            type="button"
            variant="outline"
            size="icon"
            className="size-8"
            aria-label={`${m.quantityOf(product.name)}: menos`}
            onClick={() => onQuantity(quantity - 1)}
          >
            <Minus aria-hidden="true" />
          </Button>
          <Input
            id={id}
            type="number"
            inputMode="numeric"
            min={1}
            max={10000}
            value={quantity}
            aria-label={m.quantityOf(product.name)}
            aria-describedby={error ? `${id}-error` : undefined}
            aria-invalid={!!error || undefined}
            className="h-8 w-16 text-center tabular-nums"
            onChange={(e) => onQuantity(Number(e.target.value))}
          />
          <Button
            type="button"
            variant="outline"
            size="icon"
            className="size-8"
            aria-label={`${m.quantityOf(product.name)}: más`}
            onClick={() => onQuantity(quantity + 1)}
          >
            <Plus aria-hidden="true" />
          </Button>
          <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={m.remove(product.name)} onClick={onRemove}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-tone-red-foreground">
          {error}
        </p>
      )}
    </li>
  );
}
