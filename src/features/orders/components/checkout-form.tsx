// Checkout: where to pay, how you paid, where to deliver, the voucher and notes; «Confirmar pedido»
// uploads the voucher into the member's folder first (Storage's policy and place_order both want it
// there), then calls place_order once. A refusal is shown here, beside the button, and the cart's
// lines it names are marked by the page; nothing is lost and nothing is sent twice.
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, LoaderCircle, Send, TriangleAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { OrderPreview } from '@/api/catalogue/catalogue-api';
import type { Sale } from '@/api/sales/sales-api';
import { usePlaceOrder } from '@/api/sales/sales-mutations';
import { BUCKETS, uploadFile } from '@/api/storage/storage-api';
import { Button } from '@/components/ui/button';
import { PaymentMethodField } from '@/components/payment-method-field';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { FilePicker } from '@/components/ui/file-picker';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toDbError, type DbError } from '@/lib/data/db';
import { PAYMENT_METHODS, type OrderItem } from '@/lib/data/domain';
import { useFormat } from '@/lib/format/use-format';
import { orderMessages as m } from '../messages';
import { PaymentDetails } from './payment-details';

// The same limits as private.create_sale (120, 300 and 2.000 characters).
const checkoutSchema = z.object({
  paymentMethod: z.enum(PAYMENT_METHODS, { error: m.methodRequired }),
  paymentReference: z.string().trim().max(120, m.referenceMax),
  deliveryAddress: z.string().trim().max(300, m.addressMax),
  notes: z.string().trim().max(2000, m.notesMax),
  voucher: z.custom<File | null>(),
});
type CheckoutValues = z.infer<typeof checkoutSchema>;

/** Refusals that concern the cart's lines rather than this form. */
const CART_CODES = new Set(['insufficient_stock', 'unknown_product', 'kit_in_order', 'empty_order', 'invalid_quantity']);

export interface CheckoutFormProps {
  clientId: string;
  defaultAddress: string;
  items: OrderItem[];
  preview: OrderPreview | undefined;
  /** Why the order cannot be confirmed yet (marked lines, the total still loading), or null. */
  blockedBy: string | null;
  onPlaced: (sale: Sale) => void;
  onRefused: (error: DbError) => void;
  onBack: () => void;
}

export function CheckoutForm({ clientId, defaultAddress, items, preview, blockedBy, onPlaced, onRefused, onBack }: CheckoutFormProps) {
  const f = useFormat();
  const placeOrder = usePlaceOrder();
  const form = useForm<CheckoutValues>({
    resolver: zodResolver(checkoutSchema),
    defaultValues: {
      paymentMethod: 'transferencia',
      paymentReference: '',
      deliveryAddress: defaultAddress,
      notes: '',
      voucher: null,
    },
  });
  const { errors } = form.formState;
  const [phase, setPhase] = useState<'idle' | 'uploading' | 'placing'>('idle');
  const [failure, setFailure] = useState<{
    message: string;
    cart: boolean;
  } | null>(null);
  const running = useRef(false);
  // The voucher already in Storage for this very file: a retry after a refusal does not upload it again.
  const uploaded = useRef<{ file: File; path: string } | null>(null);

  const submit = async (values: CheckoutValues) => {
    if (running.current) return;
    if (blockedBy) {
      setFailure({ message: blockedBy, cart: true });
      return;
    }
    running.current = true;
    setFailure(null);
    try {
      let voucherPath: string | null = null;
      if (values.voucher) {
        if (uploaded.current?.file === values.voucher) {
          voucherPath = uploaded.current.path;
        } else {
          setPhase('uploading');
          try {
            voucherPath = await uploadFile(BUCKETS.vouchers, clientId, values.voucher);
          } catch (error) {
            const message = `${m.uploadFailed} ${toDbError(error).userMessage}`;
            form.setError('voucher', { message });
            setFailure({ message, cart: false });
            return;
          }
          uploaded.current = { file: values.voucher, path: voucherPath };
        }
      }
      setPhase('placing');
      const sale = await placeOrder.mutateAsync({
        items,
        paymentMethod: values.paymentMethod,
        paymentReference: values.paymentReference,
        voucherPath,
        deliveryAddress: values.deliveryAddress,
        notes: values.notes,
      });
      onPlaced(sale);
    } catch (raw) {
      const error = toDbError(raw);
      if (error.saviaCode === 'invalid_voucher') {
        uploaded.current = null;
        form.setError('voucher', { message: error.userMessage });
      } else if (error.saviaCode === 'invalid_payment_method') {
        form.setError('paymentMethod', { message: error.userMessage });
      }
      const cart = !!error.saviaCode && CART_CODES.has(error.saviaCode);
      setFailure({ message: error.userMessage, cart });
      onRefused(error);
    } finally {
      running.current = false;
      setPhase('idle');
    }
  };

  const busy = phase !== 'idle';
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{m.checkoutTitle}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void form.handleSubmit(submit)(e)} noValidate className="flex flex-col gap-6" aria-busy={busy || undefined}>
          <PaymentDetails />

          <Controller
            control={form.control}
            name="paymentMethod"
            render={({ field }) => (
              <PaymentMethodField
                legend={m.paymentMethod}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                disabled={busy}
                error={errors.paymentMethod?.message}
                errorId="method-error"
              />
            )}
          />

          <Field controlId="payment-reference" error={errors.paymentReference?.message}>
            <FieldLabel>{m.paymentReference}</FieldLabel>
            <FieldControl>
              <Input autoComplete="off" maxLength={121} disabled={busy} {...form.register('paymentReference')} />
            </FieldControl>
            <FieldDescription>{m.paymentReferenceHint}</FieldDescription>
            <FieldError />
          </Field>

          <Controller
            control={form.control}
            name="voucher"
            render={({ field }) => (
              <FilePicker
                label={m.voucher}
                accept="images+pdf"
                value={field.value}
                onChange={(file) => {
                  form.clearErrors('voucher');
                  field.onChange(file);
                }}
                error={errors.voucher?.message}
                disabled={busy}
              />
            )}
          />

          <Field controlId="delivery-address" error={errors.deliveryAddress?.message}>
            <FieldLabel>{m.deliveryAddress}</FieldLabel>
            <FieldControl>
              <Textarea rows={2} autoComplete="street-address" disabled={busy} {...form.register('deliveryAddress')} />
            </FieldControl>
            <FieldDescription>{m.deliveryAddressHint}</FieldDescription>
            <FieldError />
          </Field>

          <Field controlId="order-notes" error={errors.notes?.message}>
            <FieldLabel>{m.notes}</FieldLabel>
            <FieldControl>
              <Textarea rows={3} disabled={busy} {...form.register('notes')} />
            </FieldControl>
            <FieldDescription>{m.notesHint}</FieldDescription>
            <FieldError />
          </Field>

          <div className="flex flex-col gap-3 border-t pt-4">
            {preview && (
              <p className="flex items-baseline justify-between gap-3">
                <span className="font-medium">{m.amountToPay}</span>
                <span className="text-right">
                  <span className="text-xl font-semibold tabular-nums">{f.money(preview.total)}</span>
                  <span className="block text-xs text-muted-foreground">{m.pointsUnit(f.points(preview.points))}</span>
                </span>
              </p>
            )}
            {failure && (
              <div
                role="alert"
                className="flex items-start gap-2 rounded-md border border-tone-red-foreground/25 bg-tone-red p-3 text-sm text-tone-red-foreground"
              >
                <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <div>
                  <p className="font-medium">{failure.message}</p>
                  <p>
                    {failure.cart ? m.stockProblem : m.nothingSaved}{' '}
                    {failure.cart && (
                      <a href="#carrito" className="underline underline-offset-2 lg:hidden">
                        {m.seeCart}
                      </a>
                    )}
                  </p>
                </div>
              </div>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
              <Button type="button" variant="outline" onClick={onBack} disabled={busy}>
                <ArrowLeft aria-hidden="true" />
                {m.backToCatalogue}
              </Button>
              <Button type="submit" size="lg" disabled={busy} aria-disabled={busy || undefined}>
                {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
                {phase === 'uploading' ? m.uploading : phase === 'placing' ? m.confirming : m.confirm}
              </Button>
            </div>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
