// «Ajustar stock»: an entry or an exit with its quantity and reason, recorded by adjust_stock as an
// adjustment movement. An exit larger than the stock is refused by the database, and the sentence
// shows beside the quantity.
import { zodResolver } from '@hookform/resolvers/zod';
import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { ProductRow } from '@/api/products/products-api';
import { useAdjustStock } from '@/api/products/products-mutations';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field, FieldControl, FieldError, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toDbError } from '@/lib/data/db';
import { useFormat } from '@/lib/format/use-format';
import { m } from '../messages';

const adjustSchema = z.object({
  direction: z.enum(['entrada', 'salida']),
  quantity: z
    .string()
    .trim()
    .refine((t) => /^\d+$/.test(t) && Number(t) >= 1 && Number(t) <= 1_000_000, m.quantityInvalid),
  reason: z.string().trim().min(3, m.reasonInvalid).max(500, m.reasonInvalid),
});
type AdjustValues = z.input<typeof adjustSchema>;
const FIELDS = ['direction', 'quantity', 'reason'] as const;

export function StockAdjustDialog({ product }: { product: ProductRow }) {
  const [open, setOpen] = useState(false);
  const f = useFormat();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <SlidersHorizontal aria-hidden="true" />
          {m.adjustStock}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{m.adjustTitle(product.name)}</DialogTitle>
          <DialogDescription>{m.adjustDescription(f.points(product.stock))}</DialogDescription>
        </DialogHeader>
        {open && <AdjustForm product={product} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function AdjustForm({ product, onDone }: { product: ProductRow; onDone: () => void }) {
  const adjust = useAdjustStock();
  const form = useForm<AdjustValues>({ resolver: zodResolver(adjustSchema), defaultValues: { direction: 'entrada', quantity: '', reason: '' } });
  const { errors } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      await adjust.mutateAsync({ productId: product.id, direction: v.direction, quantity: Number(v.quantity), reason: v.reason.trim() });
      onDone();
    } catch (raw) {
      const error = toDbError(raw);
      const field = FIELDS.find((name) => name === error.details);
      if (field) form.setError(field, { message: error.userMessage }, { shouldFocus: true });
      else setFormError(error.userMessage);
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{m.direction}</legend>
        <div className="flex flex-wrap gap-4">
          {(['entrada', 'salida'] as const).map((d) => (
            <label key={d} className="inline-flex cursor-pointer items-center gap-2 text-sm">
              <input type="radio" value={d} className="size-4 accent-primary" {...form.register('direction')} />
              {d === 'entrada' ? m.entrada : m.salida}
            </label>
          ))}
        </div>
      </fieldset>
      <Field controlId="adjust-quantity" error={errors.quantity?.message}>
        <FieldLabel>{m.quantity}</FieldLabel>
        <FieldControl>
          <Input inputMode="numeric" autoComplete="off" className="sm:w-40" {...form.register('quantity')} />
        </FieldControl>
        <FieldError />
      </Field>
      <Field controlId="adjust-reason" error={errors.reason?.message}>
        <FieldLabel>{m.reason}</FieldLabel>
        <FieldControl>
          <Textarea rows={2} maxLength={500} placeholder={m.reasonPlaceholder} {...form.register('reason')} />
        </FieldControl>
        <FieldError />
      </Field>
      {formError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          {m.cancel}
        </Button>
        <Button type="submit" disabled={adjust.isPending}>
          {adjust.isPending ? m.adjusting : m.confirmAdjust}
        </Button>
      </DialogFooter>
    </form>
  );
}
