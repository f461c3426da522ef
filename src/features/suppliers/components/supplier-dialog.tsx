// «Nuevo proveedor» / «Editar»: its contact data, whether it is active, and the products it supplies,
// saved together by save_supplier. The database validates each field; its refusal names the field
// (DETAIL) and the sentence shows there.
import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod/mini';
import type { SupplierInput, SupplierRow } from '@/api/suppliers/suppliers-api';
import { useDeleteSupplier, useSaveSupplier } from '@/api/suppliers/suppliers-mutations';
import { suppliersQueries } from '@/api/suppliers/suppliers-queries';
import { Form, FormField, FormFooter } from '@/components/form/form';
import { useAppForm, useFormSubmit } from '@/components/form/use-app-form';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { userMessage } from '@/lib/data/db';
import { m } from '../messages';

const TEXT_FIELDS = ['name', 'tax_id', 'contact_name', 'email', 'phone', 'notes'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

// What save_supplier checks first, said before it is asked; the values go as typed (it trims them).
const supplierSchema = z.object({
  name: z.string().check(z.refine((v) => v.trim().length >= 2 && v.trim().length <= 120, m.nameRequired)),
  tax_id: z.string(),
  contact_name: z.string(),
  email: z.string().check(z.refine((v) => !v.trim() || EMAIL.test(v.trim()), 'El correo del proveedor no es válido (por ejemplo: ventas@empresa.com).')),
  phone: z.string(),
  notes: z.string(),
  is_active: z.boolean(),
  product_ids: z.array(z.string()),
}) satisfies z.ZodMiniType<SupplierInput>;

const inputOf = (s: SupplierRow | null): SupplierInput => ({
  name: s?.name ?? '',
  tax_id: s?.tax_id ?? '',
  contact_name: s?.contact_name ?? '',
  email: s?.email ?? '',
  phone: s?.phone ?? '',
  notes: s?.notes ?? '',
  is_active: s?.is_active ?? true,
  product_ids: s?.products.map((p) => p.id) ?? [],
});

/** `supplier` null: a new one. */
export function SupplierDialog({ open, supplier, onOpenChange }: { open: boolean; supplier: SupplierRow | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{supplier ? m.editTitle : m.newTitle}</DialogTitle>
          <DialogDescription>{m.formDescription}</DialogDescription>
        </DialogHeader>
        {open && <SupplierForm key={supplier?.id ?? 'nuevo'} supplier={supplier} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function SupplierForm({ supplier, onDone }: { supplier: SupplierRow | null; onDone: () => void }) {
  const save = useSaveSupplier();
  const form = useAppForm(supplierSchema, { defaultValues: inputOf(supplier) });
  const submit = useFormSubmit(
    form,
    async (input) => {
      await save.mutateAsync({ id: supplier?.id ?? null, input });
      onDone();
    },
    { fields: { details: TEXT_FIELDS } },
  );
  const activeId = useId();

  const text = (name: TextField, label: string, props: React.ComponentProps<typeof Input> = {}) => (
    <FormField name={name} label={label} controlId={`supplier-${name}`}>
      <Input autoComplete="off" {...props} />
    </FormField>
  );

  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
      {text('name', m.name, { required: true, maxLength: 120 })}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('tax_id', m.taxId, { maxLength: 40 })}
        {text('contact_name', m.contact, { maxLength: 120 })}
        {text('email', m.email, { type: 'email', maxLength: 254 })}
        {text('phone', m.phone, { type: 'tel', maxLength: 40 })}
      </div>
      <FormField name="notes" label={m.notes} controlId="supplier-notes">
        <Textarea rows={2} maxLength={2000} />
      </FormField>
      <div className="flex items-center gap-2">
        <input id={activeId} type="checkbox" className="size-4 accent-primary" {...form.register('is_active')} />
        <label htmlFor={activeId} className="text-sm font-medium">
          {m.isActive}
        </label>
      </div>
      <Controller control={form.control} name="product_ids" render={({ field }) => <ProductPicker selected={field.value} onChange={field.onChange} />} />
      <FormFooter submitLabel={m.save} pendingLabel={m.saving} cancelLabel={m.cancel} onCancel={onDone}>
        {supplier && supplier.restock_count === 0 && <DeleteSupplier supplier={supplier} onDeleted={onDone} />}
      </FormFooter>
    </Form>
  );
}

/** Only a supplier without restocks offers «Eliminar»; the database refuses it for one with stock movements. */
function DeleteSupplier({ supplier, onDeleted }: { supplier: SupplierRow; onDeleted: () => void }) {
  const remove = useDeleteSupplier();
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="ghost" className="text-destructive sm:mr-auto">
          <Trash2 aria-hidden="true" />
          {m.delete}
        </Button>
      }
      title={m.deleteTitle(supplier.name)}
      description={m.deleteDescription}
      confirmLabel={m.delete}
      pendingLabel={m.deleting}
      onConfirm={async () => {
        await remove.mutateAsync(supplier.id);
        onDeleted();
      }}
    />
  );
}

/** The catalogue as checkboxes, narrowed by a filter box (a catalogue has tens of products). */
function ProductPicker({ selected, onChange }: { selected: string[]; onChange: (ids: string[]) => void }) {
  const products = useQuery(suppliersQueries.products());
  const [filter, setFilter] = useState('');
  const ids = { legend: useId(), filter: useId() };
  const shown = useMemo(() => {
    const needle = filter.trim().toLocaleLowerCase('es');
    return (products.data ?? []).filter((p) => !needle || `${p.name} ${p.sku}`.toLocaleLowerCase('es').includes(needle));
  }, [products.data, filter]);
  const chosen = new Set(selected);
  const toggle = (id: string, on: boolean) => onChange(on ? [...selected, id] : selected.filter((x) => x !== id));

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`${ids.legend}-count`}>
      <legend id={ids.legend} className="text-sm font-medium">
        {m.supplies}
      </legend>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={ids.filter} className="sr-only">
          {m.filterProducts}
        </label>
        <Input id={ids.filter} type="search" className="max-w-xs" placeholder={m.filterProducts} value={filter} onChange={(e) => setFilter(e.target.value)} />
        <p id={`${ids.legend}-count`} className="text-sm text-muted-foreground" aria-live="polite">
          {m.suppliesHint(selected.length)}
        </p>
      </div>
      {products.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : products.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {userMessage(products.error)}
        </p>
      ) : (
        <ul className="grid max-h-56 gap-1 overflow-y-auto rounded-md border p-2 sm:grid-cols-2">
          {shown.map((p) => (
            <li key={p.id}>
              <label className="flex cursor-pointer items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-muted">
                <input type="checkbox" className="size-4 shrink-0 accent-primary" checked={chosen.has(p.id)} onChange={(e) => toggle(p.id, e.target.checked)} />
                <span className="min-w-0 truncate">
                  {p.name} <span className="text-xs text-muted-foreground">{p.sku}</span>
                  {!p.is_active && <span className="text-xs text-muted-foreground"> · {m.inactiveProduct}</span>}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
