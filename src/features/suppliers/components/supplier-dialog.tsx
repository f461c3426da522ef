// «Nuevo proveedor» / «Editar»: its contact data, whether it is active, and the products it supplies,
// saved together by save_supplier. The database validates each field; its refusal names the field
// (DETAIL) and the sentence shows there.
import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm, type RegisterOptions } from 'react-hook-form';
import type { SupplierInput, SupplierRow } from '@/api/suppliers/suppliers-api';
import { useDeleteSupplier, useSaveSupplier } from '@/api/suppliers/suppliers-mutations';
import { suppliersQueries } from '@/api/suppliers/suppliers-queries';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldControl, FieldError, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { DbError, userMessage } from '@/lib/data/db';
import { m } from '../messages';

type TextField = 'name' | 'tax_id' | 'contact_name' | 'email' | 'phone' | 'notes';
const TEXT_FIELDS: readonly string[] = ['name', 'tax_id', 'contact_name', 'email', 'phone', 'notes'];
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

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
  const form = useForm<SupplierInput>({ defaultValues: inputOf(supplier) });
  const { errors } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);
  const activeId = useId();

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(null);
    try {
      await save.mutateAsync({ id: supplier?.id ?? null, input });
      onDone();
    } catch (error) {
      const field = error instanceof DbError ? error.details : null;
      if (field && TEXT_FIELDS.includes(field)) form.setError(field as TextField, { message: userMessage(error) }, { shouldFocus: true });
      else setFormError(userMessage(error));
    }
  });

  const text = (name: TextField, label: string, props: React.ComponentProps<typeof Input> = {}, rules: RegisterOptions<SupplierInput, TextField> = {}) => (
    <Field controlId={`supplier-${name}`} error={errors[name]?.message}>
      <FieldLabel>{label}</FieldLabel>
      <FieldControl>
        <Input autoComplete="off" {...props} {...form.register(name, rules)} />
      </FieldControl>
      <FieldError />
    </Field>
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
      {text('name', m.name, { required: true, maxLength: 120 }, { validate: (v) => (v.trim().length >= 2 && v.trim().length <= 120) || m.nameRequired })}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('tax_id', m.taxId, { maxLength: 40 })}
        {text('contact_name', m.contact, { maxLength: 120 })}
        <Field controlId="supplier-email" error={errors.email?.message}>
          <FieldLabel>{m.email}</FieldLabel>
          <FieldControl>
            <Input
              type="email"
              autoComplete="off"
              maxLength={254}
              {...form.register('email', {
                validate: (v) => !v.trim() || EMAIL.test(v.trim()) || 'El correo del proveedor no es válido (por ejemplo: ventas@empresa.com).',
              })}
            />
          </FieldControl>
          <FieldError />
        </Field>
        {text('phone', m.phone, { type: 'tel', maxLength: 40 })}
      </div>
      <Field controlId="supplier-notes" error={errors.notes?.message}>
        <FieldLabel>{m.notes}</FieldLabel>
        <FieldControl>
          <Textarea rows={2} maxLength={2000} {...form.register('notes')} />
        </FieldControl>
        <FieldError />
      </Field>
      <div className="flex items-center gap-2">
        <input id={activeId} type="checkbox" className="size-4 accent-primary" {...form.register('is_active')} />
        <label htmlFor={activeId} className="text-sm font-medium">
          {m.isActive}
        </label>
      </div>
      <Controller control={form.control} name="product_ids" render={({ field }) => <ProductPicker selected={field.value} onChange={field.onChange} />} />
      {formError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}
      <DialogFooter>
        {supplier && supplier.restock_count === 0 && <DeleteSupplier supplier={supplier} onDeleted={onDone} />}
        <Button type="button" variant="ghost" onClick={onDone}>
          {m.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? m.saving : m.save}
        </Button>
      </DialogFooter>
    </form>
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
