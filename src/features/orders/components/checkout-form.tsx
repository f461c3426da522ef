// Checkout: where to pay, how you paid, where to deliver, the voucher and notes; «Confirmar pedido»
// uploads the voucher into the member's folder first (Storage's policy and place_order both want it
// there), then calls place_order once. A refusal is shown here, beside the button, and the cart's
// lines it names are marked by the page; nothing is lost and nothing is sent twice.
import { ArrowLeft, Send } from 'lucide-react';
import { useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import type { OrderPreview } from '@/api/catalogue/catalogue-api';
import type { Sale } from '@/api/sales/sales-api';
import { usePlaceOrder } from '@/api/sales/sales-mutations';
import { BUCKETS, uploadFile } from '@/api/storage/storage-api';
import { Form, FormField, SubmitButton } from '@/components/form/form';
import { FormAlert } from '@/components/form/form-alert';
import { FORM_ALERT, useAppForm, useFormSubmit } from '@/components/form/use-app-form';
import { useRequestKey } from '@/components/form/use-request-key';
import { Button } from '@/components/ui/button';
import { PaymentMethodField } from '@/components/payment-method-field';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
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

/** Refusals that concern the cart's lines rather than this form, and the order blocked by them. */
const BLOCKED = 'blocked';
const CART_CODES = new Set(['insufficient_stock', 'unknown_product', 'kit_in_order', 'empty_order', 'invalid_quantity', BLOCKED]);

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
  const attempt = useRequestKey();
  const form = useAppForm(checkoutSchema, {
    defaultValues: {
      paymentMethod: 'transferencia',
      paymentReference: '',
      deliveryAddress: defaultAddress,
      notes: '',
      voucher: null,
    },
  });
  const { errors, isSubmitting: busy } = form.formState;
  const [phase, setPhase] = useState<'uploading' | 'placing'>('placing');
  // The voucher already in Storage for this very file: a retry after a refusal does not upload it again.
  const uploaded = useRef<{ file: File; path: string } | null>(null);
  // The form's alert: a refusal about the cart's lines says so and points at the cart.
  const failure = errors.root?.server;
  const aboutCart = !!failure?.type && CART_CODES.has(failure.type as string);

  const submit = useFormSubmit(
    form,
    async (values) => {
      // No total to confirm yet is a block too (the page says why: still pricing, or the price failed).
      if (blockedBy || !preview) {
        form.setError(FORM_ALERT, { type: BLOCKED, message: blockedBy ?? m.pricing });
        return;
      }
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
            form.setError(FORM_ALERT, { message });
            return;
          }
          uploaded.current = { file: values.voucher, path: voucherPath };
        }
      }
      setPhase('placing');
      try {
        const order = {
          items,
          paymentMethod: values.paymentMethod,
          paymentReference: values.paymentReference,
          voucherPath,
          deliveryAddress: values.deliveryAddress,
          notes: values.notes,
          // What «Total a pagar» says: a price changed since is refused with the new total, and the
          // refusal's refetch of the cart shows it here.
          expectedTotal: preview.total,
        };
        const sale = await placeOrder.mutateAsync({ ...order, requestId: attempt.key(order) });
        attempt.done();
        onPlaced(sale);
      } catch (raw) {
        const error = toDbError(raw);
        // A voucher the database refused is uploaded again with the next try.
        if (error.saviaCode === 'invalid_voucher') uploaded.current = null;
        onRefused(error);
        throw error;
      }
    },
    // The sentence always shows beside the button too, where the person is looking.
    {
      fields: {
        // A text a spreadsheet would run as a formula (formula_not_allowed) names its column in DETAIL.
        details: { payment_reference: 'paymentReference', delivery_address: 'deliveryAddress', notes: 'notes' },
        codes: { invalid_voucher: 'voucher', invalid_payment_method: 'paymentMethod' },
      },
      alert: (error) => error.userMessage,
    },
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{m.checkoutTitle}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Form form={form} onSubmit={submit} className="flex flex-col gap-6">
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

          <FormField name="paymentReference" label={m.paymentReference} description={m.paymentReferenceHint} controlId="payment-reference">
            <Input autoComplete="off" maxLength={121} disabled={busy} />
          </FormField>

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

          <FormField name="deliveryAddress" label={m.deliveryAddress} description={m.deliveryAddressHint} controlId="delivery-address">
            <Textarea rows={2} autoComplete="street-address" disabled={busy} />
          </FormField>

          <FormField name="notes" label={m.notes} description={m.notesHint} controlId="order-notes">
            <Textarea rows={3} disabled={busy} />
          </FormField>

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
            <FormAlert message={failure?.message}>
              <p>
                {aboutCart ? m.stockProblem : failure?.type === 'network' ? m.maybeSaved : m.nothingSaved}{' '}
                {aboutCart && (
                  <a href="#carrito" className="underline underline-offset-2 lg:hidden">
                    {m.seeCart}
                  </a>
                )}
              </p>
            </FormAlert>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
              <Button type="button" variant="outline" onClick={onBack} disabled={busy}>
                <ArrowLeft aria-hidden="true" />
                {m.backToCatalogue}
              </Button>
              <SubmitButton size="lg" icon={<Send aria-hidden="true" />} pendingLabel={phase === 'uploading' ? m.uploading : m.confirming}>
                {m.confirm}
              </SubmitButton>
            </div>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
