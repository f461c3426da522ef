// «Ajustar stock»: an entry or an exit with its quantity and reason, recorded by adjust_stock as an
// adjustment movement. An exit larger than the stock is refused by the database, and the sentence
// shows beside the quantity.
import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod/mini';
import type { ProductRow } from '@/api/products/products-api';
import { useAdjustStock } from '@/api/products/products-mutations';
import { Form, FormField, FormFooter } from '@/components/form/form';
import { useAppForm, useFormSubmit } from '@/components/form/use-app-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useFormat } from '@/lib/format/use-format';
import { m } from '../messages';

const adjustSchema = z.object({
  direction: z.enum(['entrada', 'salida']),
  quantity: z.string().check(
    z.trim(),
    z.refine((t) => /^\d+$/.test(t) && Number(t) >= 1 && Number(t) <= 1_000_000, m.quantityInvalid),
  ),
  reason: z.string().check(z.trim(), z.minLength(3, m.reasonInvalid), z.maxLength(500, m.reasonInvalid)),
});

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
  const form = useAppForm(adjustSchema, { defaultValues: { direction: 'entrada', quantity: '', reason: '' } });
  const submit = useFormSubmit(
    form,
    async (v) => {
      await adjust.mutateAsync({ productId: product.id, direction: v.direction, quantity: Number(v.quantity), reason: v.reason });
      onDone();
    },
    { fields: { details: ['direction', 'quantity', 'reason'] } },
  );

  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
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
      <FormField name="quantity" label={m.quantity} controlId="adjust-quantity">
        <Input inputMode="numeric" autoComplete="off" className="sm:w-40" />
      </FormField>
      <FormField name="reason" label={m.reason} controlId="adjust-reason">
        <Textarea rows={2} maxLength={500} placeholder={m.reasonPlaceholder} />
      </FormField>
      <FormFooter submitLabel={m.confirmAdjust} pendingLabel={m.adjusting} cancelLabel={m.cancel} onCancel={onDone} />
    </Form>
  );
}
