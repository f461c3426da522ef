// A direct sale: who buys (a registered member, or a walk-in buyer who is not a member, by name), the
// products and quantities (with the stock there is), the payment; create_direct_sale makes it Pagada
// at once and the new sale opens. The database prices it and refuses what it cannot sell; a refusal
// about a product is shown on its line, one about the walk-in buyer's data on its field.
import { useQuery } from '@tanstack/react-query';
import { Minus, Plus, Search, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { z } from 'zod/mini';
import type { CatalogueProduct } from '@/api/catalogue/catalogue-api';
import { catalogueQueries } from '@/api/catalogue/catalogue-queries';
import type { MemberRow } from '@/api/clients/clients-api';
import { useCreateDirectSale } from '@/api/sales-admin/sales-admin-mutations';
import { Form, FormField, FormRootAlert, SubmitButton } from '@/components/form/form';
import { useAppForm, useFormSubmit, type AppForm } from '@/components/form/use-app-form';
import { useRequestKey } from '@/components/form/use-request-key';
import { PaymentMethodField } from '@/components/payment-method-field';
import { RadioCards } from '@/components/radio-cards';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Textarea } from '@/components/ui/textarea';
import type { DbError } from '@/lib/data/db';
import { PAYMENT_METHODS } from '@/lib/data/domain';
import { useFormat } from '@/lib/format/use-format';
import { useDebounced } from '@/lib/hooks/use-debounced';
import { cn } from '@/lib/utils';
import { m } from '../messages';
import { MemberSearch } from '@/components/member-search';

const BUYER_KINDS = ['member', 'walk_in'] as const;

const saleSchema = z
  .object({
    buyerKind: z.enum(BUYER_KINDS),
    buyer: z.custom<MemberRow | null>(),
    // The walk-in buyer's name and what they chose to give; create_direct_sale checks each like a member's.
    walkIn: z.object({
      name: z.string().check(z.trim()),
      documentNumber: z.string().check(z.trim()),
      phone: z.string().check(z.trim()),
      email: z.string().check(z.trim()),
    }),
    lines: z.array(z.object({ product: z.custom<CatalogueProduct>(), quantity: z.number() })).check(z.minLength(1, m.cartEmpty)),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: m.choosePayment }),
    paymentReference: z.string().check(z.trim()),
    notes: z.string().check(z.trim()),
  })
  .check((ctx) => {
    const { buyerKind, buyer, walkIn } = ctx.value;
    const issue = (path: string[], message: string) => ctx.issues.push({ code: 'custom', input: ctx.value, path, message });
    if (buyerKind === 'member' && !buyer) issue(['buyer'], m.chooseBuyer);
    if (buyerKind === 'walk_in' && (walkIn.name.length < 2 || walkIn.name.length > 120)) issue(['walkIn', 'name'], m.walkInNameRequired);
  });
type SaleForm = AppForm<typeof saleSchema>;

/** The product ids a refusal names in its details («a,b»). */
const idsIn = (details: string | null | undefined) =>
  (details ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const LINE_CODES = new Set(['insufficient_stock', 'unknown_product', 'invalid_quantity', 'kit_in_order']);
const clampQuantity = (quantity: number) => Math.max(1, Math.min(10000, Math.trunc(quantity) || 1));

export function NewSaleForm({ onCreated }: { onCreated: (saleId: string) => void }) {
  const paymentErrorId = useId();
  const create = useCreateDirectSale();
  const attempt = useRequestKey();
  const form = useAppForm(saleSchema, {
    defaultValues: {
      buyerKind: 'member',
      buyer: null,
      walkIn: { name: '', documentNumber: '', phone: '', email: '' },
      lines: [],
      paymentMethod: 'efectivo',
      paymentReference: '',
      notes: '',
    },
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const { errors } = form.formState;
  const buyer = useWatch({ control: form.control, name: 'buyer' });
  const buyerKind = useWatch({ control: form.control, name: 'buyerKind' });

  /** A refusal about products goes to their lines, the buyer's and the payment's to theirs. */
  const fieldsOf = (error: DbError) => {
    const ids = idsIn(error.details);
    if (error.saviaCode && LINE_CODES.has(error.saviaCode) && ids.length) {
      return form.getValues('lines').flatMap((line, i) => (ids.includes(line.product.id) ? [`lines.${i}.quantity` as const] : []));
    }
    if (error.saviaCode === 'unknown_client') return 'buyer';
    const walkInField = error.details ? WALK_IN_FIELDS[error.details] : undefined;
    if (walkInField) return `walkIn.${walkInField}` as const;
    if (error.saviaCode === 'invalid_payment_method') return 'paymentMethod';
    // A text a spreadsheet would run as a formula names its column in DETAIL.
    if (error.details === 'payment_reference') return 'paymentReference';
    if (error.details === 'notes') return 'notes';
    return null;
  };
  const submit = useFormSubmit(
    form,
    async (v) => {
      const sale = {
        // The schema refused a member's sale without the member.
        buyer: v.buyerKind === 'member' ? { clientId: v.buyer!.id } : { walkIn: v.walkIn },
        items: v.lines.map((l) => ({ product_id: l.product.id, quantity: l.quantity })),
        paymentMethod: v.paymentMethod,
        paymentReference: v.paymentReference,
        notes: v.notes,
      };
      const created = await create.mutateAsync({ ...sale, requestId: attempt.key(sale) });
      attempt.done();
      onCreated(created.id);
    },
    { fields: fieldsOf },
  );

  const add = (product: CatalogueProduct) => {
    form.clearErrors('lines');
    if (!form.getValues('lines').some((l) => l.product.id === product.id)) lines.append({ product, quantity: 1 });
  };
  const cartError = errors.lines?.root?.message ?? errors.lines?.message;

  return (
    <>
      <div className="border-b px-6 pt-5 pr-14 pb-4">
        <SheetTitle className="text-lg font-semibold">{m.newSale}</SheetTitle>
        <SheetDescription className="mt-1 text-sm text-muted-foreground">{m.newSaleDescription}</SheetDescription>
      </div>
      <Form form={form} onSubmit={submit} className="flex min-h-0 flex-1 flex-col">
        <div className="flex flex-1 flex-col gap-6 overflow-y-auto px-6 py-5">
          <section className="flex flex-col gap-3" aria-label={m.buyerKind}>
            <Controller
              control={form.control}
              name="buyerKind"
              render={({ field }) => (
                <RadioCards
                  legend={m.buyerKind}
                  name={field.name}
                  options={BUYER_KINDS}
                  labels={m.buyerKinds}
                  value={field.value}
                  onChange={(kind) => {
                    field.onChange(kind);
                    form.clearErrors(['buyer', 'walkIn']);
                  }}
                />
              )}
            />
            {buyerKind === 'member' ? <MemberBuyer form={form} buyer={buyer} /> : <WalkInFields />}
          </section>

          <section className="flex flex-col gap-3">
            <h3 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">{m.products}</h3>
            <ProductSearch onAdd={add} chosen={lines.fields.map((l) => l.product.id)} />
            {lines.fields.length > 0 && (
              <ul className="flex flex-col divide-y rounded-md border" aria-label={m.products}>
                {lines.fields.map((line, i) => (
                  <CartLine key={line.id} form={form} index={i} product={line.product} onRemove={() => lines.remove(i)} />
                ))}
              </ul>
            )}
            {cartError && (
              <p role="alert" className="text-xs font-medium text-tone-red-foreground">
                {cartError}
              </p>
            )}
          </section>

          <Controller
            control={form.control}
            name="paymentMethod"
            render={({ field, fieldState }) => (
              <PaymentMethodField
                legend={m.paymentMethod}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                errorId={paymentErrorId}
              />
            )}
          />
          <FormField name="paymentReference" label={m.paymentReference}>
            <Input maxLength={120} />
          </FormField>
          <FormField name="notes" label={m.notes}>
            <Textarea maxLength={2000} rows={2} />
          </FormField>
        </div>
        <div className="flex flex-col gap-2 border-t bg-background px-6 py-4">
          <FormRootAlert />
          <SubmitButton pendingLabel={m.registering} className="sm:self-end">
            {m.register}
          </SubmitButton>
        </div>
      </Form>
    </>
  );
}

/** DETAIL of create_direct_sale's refusals about the walk-in buyer → the form's field. */
const WALK_IN_FIELDS: Record<string, 'name' | 'documentNumber' | 'phone' | 'email'> = {
  buyer_name: 'name',
  buyer_document_number: 'documentNumber',
  buyer_phone: 'phone',
  buyer_email: 'email',
};

function MemberBuyer({ form, buyer }: { form: SaleForm; buyer: MemberRow | null }) {
  const error = form.formState.errors.buyer?.message;
  return (
    <div className="flex flex-col gap-2">
      {buyer ? (
        <div className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
          <div className="min-w-0">
            <p className="text-xs text-muted-foreground">{m.buyer}</p>
            <p className="font-medium" data-testid="chosen-buyer">
              {buyer.name}
            </p>
            <p className="text-xs break-all text-muted-foreground">{buyer.email}</p>
          </div>
          <Button type="button" variant="outline" size="sm" onClick={() => form.setValue('buyer', null)}>
            {m.changeBuyer}
          </Button>
        </div>
      ) : (
        <MemberSearch
          label={m.buyerSearch}
          registeredOnly
          autoFocus
          onPick={(member) => {
            form.setValue('buyer', member);
            form.clearErrors('buyer');
          }}
        />
      )}
      {error && (
        <p role="alert" className="text-xs font-medium text-tone-red-foreground">
          {error}
        </p>
      )}
    </div>
  );
}

function WalkInFields() {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">{m.walkInNote}</p>
      <FormField name="walkIn.name" label={m.walkInName}>
        <Input maxLength={120} autoComplete="off" autoFocus />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField name="walkIn.documentNumber" label={m.walkInDocument}>
          <Input maxLength={40} autoComplete="off" />
        </FormField>
        <FormField name="walkIn.phone" label={m.walkInPhone}>
          <Input type="tel" maxLength={40} autoComplete="off" />
        </FormField>
      </div>
      <FormField name="walkIn.email" label={m.walkInEmail}>
        <Input type="email" maxLength={254} autoComplete="off" />
      </FormField>
    </div>
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

function CartLine({ form, index, product, onRemove }: { form: SaleForm; index: number; product: CatalogueProduct; onRemove: () => void }) {
  const f = useFormat();
  const id = useId();
  return (
    <Controller
      control={form.control}
      name={`lines.${index}.quantity`}
      render={({ field, fieldState }) => {
        const quantity = field.value;
        const error = fieldState.error?.message;
        const setQuantity = (q: number) => field.onChange(clampQuantity(q));
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
                  onClick={() => setQuantity(quantity - 1)}
                >
                  <Minus aria-hidden="true" />
                </Button>
                <Input
                  ref={field.ref}
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
                  onBlur={field.onBlur}
                  onChange={(e) => setQuantity(Number(e.target.value))}
                />
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  className="size-8"
                  aria-label={`${m.quantityOf(product.name)}: más`}
                  onClick={() => setQuantity(quantity + 1)}
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
      }}
    />
  );
}
