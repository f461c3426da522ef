// The enrolment form: the person, the kit, the payment and its voucher. «Enviar enrolamiento»
// uploads the voucher into the member's folder (Storage's policy and enrol_member both want it
// there), then calls enrol_member once. A refusal is shown where it belongs (the address's at the
// e-mail field, focused) and nothing typed is lost; a voucher already uploaded is not sent twice.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { LoaderCircle, Send, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { Controller, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { enrolmentQueries } from '@/api/enrolment/enrolment-queries';
import { useEnrolMember } from '@/api/enrolment/enrolment-mutations';
import { BUCKETS, uploadFile } from '@/api/storage/storage-api';
import { Button } from '@/components/ui/button';
import { PaymentMethodField } from '@/components/payment-method-field';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { FilePicker } from '@/components/ui/file-picker';
import { Input } from '@/components/ui/input';
import { toDbError } from '@/lib/db';
import { enrolMessages as m } from '../messages';
import { EnrolmentPreview } from './enrolment-preview';
import { emptyEnrolment, enrolSchema, fieldOfRefusal, type EnrolField, type EnrolValues } from './enrol-schema';
import { KitPicker } from './kit-picker';
import { PayTo } from './pay-to';

export interface EnrolmentSent {
  saleNo: number;
  name: string;
  email: string;
}

export function EnrolForm({ clientId, onSent }: { clientId: string; onSent: (sent: EnrolmentSent) => void }) {
  const enrol = useEnrolMember();
  const kits = useQuery(enrolmentQueries.kits());
  const form = useForm<EnrolValues>({ resolver: zodResolver(enrolSchema), defaultValues: emptyEnrolment });
  const { errors } = form.formState;
  const [phase, setPhase] = useState<'idle' | 'uploading' | 'sending'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const running = useRef(false);
  // The voucher already in Storage for this very file: a retry after a refusal does not upload it again.
  const uploaded = useRef<{ file: File; path: string } | null>(null);
  const kitId = useWatch({ control: form.control, name: 'kitId' });
  // The field a refusal names gets the focus once the form is enabled again (a disabled input cannot take it).
  const focusAfter = useRef<EnrolField | null>(null);
  useEffect(() => {
    if (phase === 'idle' && focusAfter.current) {
      form.setFocus(focusAfter.current);
      focusAfter.current = null;
    }
  }, [phase, form]);

  // The first kit that can be sold is chosen for you (most companies sell one).
  const firstAvailable = kits.data?.find((k) => k.stock > 0)?.id;
  useEffect(() => {
    if (firstAvailable && !form.getValues('kitId')) form.setValue('kitId', firstAvailable);
  }, [firstAvailable, form]);

  const submit = async (values: EnrolValues) => {
    if (running.current) return;
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
            form.setError('voucher', { message: `${m.uploadFailed} ${toDbError(error).userMessage}` });
            setFailure(m.uploadFailed);
            return;
          }
          uploaded.current = { file: values.voucher, path: voucherPath };
        }
      }
      setPhase('sending');
      const sale = await enrol.mutateAsync({ ...values, voucherPath });
      onSent({ saleNo: sale.sale_no, name: values.name.trim(), email: values.email.trim().toLowerCase() });
    } catch (raw) {
      const error = toDbError(raw);
      const field = fieldOfRefusal(error.saviaCode, error.details);
      if (field === 'voucher') uploaded.current = null;
      if (field) {
        form.setError(field, { message: error.userMessage });
        if (field !== 'kitId' && field !== 'paymentMethod') focusAfter.current = field;
      }
      setFailure(field === 'email' ? m.fixEmail : error.userMessage);
    } finally {
      running.current = false;
      setPhase('idle');
    }
  };

  const busy = phase !== 'idle';
  return (
    <form
      onSubmit={(e) => void form.handleSubmit(submit)(e)}
      noValidate
      aria-labelledby="enrol-form-title"
      aria-busy={busy || undefined}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start"
    >
      <div className="flex min-w-0 flex-col gap-6 rounded-xl border bg-card p-4 sm:p-6">
        <div>
          <h2 id="enrol-form-title" className="text-lg font-semibold">
            {m.formTitle}
          </h2>
          <p className="text-sm text-muted-foreground">{m.formIntro}</p>
        </div>
        <PersonFields form={form} busy={busy} />

        <Controller
          control={form.control}
          name="kitId"
          render={({ field }) => (
            <KitPicker
              kits={kits}
              value={field.value}
              onChange={(id) => {
                form.clearErrors('kitId');
                field.onChange(id);
              }}
              error={errors.kitId?.message}
              disabled={busy}
            />
          )}
        />

        <div className="flex flex-col gap-4 border-t pt-6">
          <h2 className="text-lg font-semibold">{m.paymentTitle}</h2>
          <PayTo />
          <PaymentFields form={form} busy={busy} />
        </div>
      </div>

      <div className="flex flex-col gap-4 lg:sticky lg:top-4">
        <EnrolmentPreview kitId={kitId} />
        {failure && (
          <div role="alert" className="flex items-start gap-2 rounded-md border border-tone-red-foreground/25 bg-tone-red p-3 text-sm text-tone-red-foreground">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-medium">{failure}</p>
              <p>{m.nothingSaved}</p>
            </div>
          </div>
        )}
        <Button type="submit" size="lg" disabled={busy} className="w-full">
          {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          {phase === 'uploading' ? m.uploading : phase === 'sending' ? m.sending : m.submit}
        </Button>
      </div>
    </form>
  );
}

interface FieldsProps {
  form: UseFormReturn<EnrolValues>;
  busy: boolean;
}

function TextField({
  form,
  busy,
  name,
  label,
  description,
  className,
  ...input
}: FieldsProps & { name: Exclude<EnrolField, 'voucher' | 'kitId' | 'paymentMethod'>; label: string; description?: string; className?: string } & Pick<
    ComponentProps<'input'>,
    'type' | 'autoComplete' | 'inputMode' | 'maxLength'
  >) {
  return (
    <Field controlId={`enrol-${name}`} error={form.formState.errors[name]?.message} className={className}>
      <FieldLabel>{label}</FieldLabel>
      <FieldControl>
        <Input disabled={busy} {...input} {...form.register(name)} />
      </FieldControl>
      {description && <FieldDescription>{description}</FieldDescription>}
      <FieldError />
    </Field>
  );
}

function PersonFields({ form, busy }: FieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField form={form} busy={busy} name="name" label={m.name} autoComplete="off" maxLength={121} className="sm:col-span-2" />
      <TextField
        form={form}
        busy={busy}
        name="email"
        label={m.email}
        description={m.emailHint}
        type="email"
        inputMode="email"
        autoComplete="off"
        maxLength={255}
        className="sm:col-span-2"
      />
      <TextField form={form} busy={busy} name="phone" label={m.phone} type="tel" inputMode="tel" autoComplete="off" maxLength={41} />
      <TextField form={form} busy={busy} name="documentNumber" label={m.documentNumber} autoComplete="off" maxLength={41} />
      <TextField form={form} busy={busy} name="address" label={m.address} description={m.addressHint} autoComplete="off" maxLength={301} />
      <TextField form={form} busy={busy} name="city" label={m.city} autoComplete="off" maxLength={101} />
    </div>
  );
}

function PaymentFields({ form, busy }: FieldsProps) {
  const { errors } = form.formState;
  return (
    <>
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
            errorId="enrol-method-error"
          />
        )}
      />
      <TextField
        form={form}
        busy={busy}
        name="paymentReference"
        label={m.paymentReference}
        description={m.paymentReferenceHint}
        autoComplete="off"
        maxLength={121}
      />
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
    </>
  );
}
