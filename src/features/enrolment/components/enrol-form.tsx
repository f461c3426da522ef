// The enrolment form: the person, the kit, the payment and its voucher. «Enviar enrolamiento»
// uploads the voucher into the member's folder (Storage's policy and enrol_member both want it
// there), then calls enrol_member once. A refusal is shown where it belongs (the address's at the
// e-mail field, focused) and nothing typed is lost; a voucher already uploaded is not sent twice.
import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { enrolmentQueries } from '@/api/enrolment/enrolment-queries';
import { useEnrolMember } from '@/api/enrolment/enrolment-mutations';
import { BUCKETS, uploadFile } from '@/api/storage/storage-api';
import { Form, FormField, FormRootAlert, SubmitButton } from '@/components/form/form';
import { FORM_ALERT, useAppForm, useFormSubmit, type AppForm } from '@/components/form/use-app-form';
import { PaymentMethodField } from '@/components/payment-method-field';
import { FilePicker } from '@/components/ui/file-picker';
import { Input } from '@/components/ui/input';
import { toDbError } from '@/lib/data/db';
import { enrolMessages as m } from '../messages';
import { EnrolmentPreview } from './enrolment-preview';
import { emptyEnrolment, ENROL_REFUSALS, enrolSchema, type EnrolField } from './enrol-schema';
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
  const form = useAppForm(enrolSchema, { defaultValues: emptyEnrolment });
  const { errors, isSubmitting: busy } = form.formState;
  const [phase, setPhase] = useState<'uploading' | 'sending'>('sending');
  // The voucher already in Storage for this very file: a retry after a refusal does not upload it again.
  const uploaded = useRef<{ file: File; path: string } | null>(null);
  const kitId = useWatch({ control: form.control, name: 'kitId' });

  // The first kit that can be sold is chosen for you (most companies sell one).
  const firstAvailable = kits.data?.find((k) => k.stock > 0)?.id;
  useEffect(() => {
    if (firstAvailable && !form.getValues('kitId')) form.setValue('kitId', firstAvailable);
  }, [firstAvailable, form]);

  const submit = useFormSubmit(
    form,
    async (values) => {
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
            form.setError(FORM_ALERT, { message: m.uploadFailed });
            return;
          }
          uploaded.current = { file: values.voucher, path: voucherPath };
        }
      }
      setPhase('sending');
      try {
        const sale = await enrol.mutateAsync({ ...values, voucherPath });
        onSent({ saleNo: sale.sale_no, name: values.name.trim(), email: values.email.trim().toLowerCase() });
      } catch (error) {
        // A voucher the database refused is uploaded again with the next try.
        if (toDbError(error).saviaCode === 'invalid_voucher') uploaded.current = null;
        throw error;
      }
    },
    // The sentence also shows above the button, where the person is looking after pressing it.
    { fields: ENROL_REFUSALS, alert: (error, [field]) => (field === 'email' ? m.fixEmail : error.userMessage) },
  );

  return (
    <Form form={form} onSubmit={submit} aria-labelledby="enrol-form-title" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <div className="flex min-w-0 flex-col gap-6 rounded-xl border bg-card p-4 sm:p-6">
        <div>
          <h2 id="enrol-form-title" className="text-lg font-semibold">
            {m.formTitle}
          </h2>
          <p className="text-sm text-muted-foreground">{m.formIntro}</p>
        </div>
        <PersonFields busy={busy} />

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
        <FormRootAlert>
          <p>{errors.root?.server?.type === 'network' ? m.maybeSaved : m.nothingSaved}</p>
        </FormRootAlert>
        <SubmitButton size="lg" className="w-full" icon={<Send aria-hidden="true" />} pendingLabel={phase === 'uploading' ? m.uploading : m.sending}>
          {m.submit}
        </SubmitButton>
      </div>
    </Form>
  );
}

interface FieldsProps {
  form: AppForm<typeof enrolSchema>;
  busy: boolean;
}

function TextField({
  busy,
  name,
  label,
  description,
  className,
  ...input
}: { busy: boolean; name: Exclude<EnrolField, 'voucher' | 'kitId' | 'paymentMethod'>; label: string; description?: string; className?: string } & Pick<
  ComponentProps<'input'>,
  'type' | 'autoComplete' | 'inputMode' | 'maxLength'
>) {
  return (
    <FormField name={name} label={label} description={description} controlId={`enrol-${name}`} className={className}>
      <Input disabled={busy} {...input} />
    </FormField>
  );
}

function PersonFields({ busy }: { busy: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField busy={busy} name="name" label={m.name} autoComplete="off" maxLength={121} className="sm:col-span-2" />
      <TextField
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
      <TextField busy={busy} name="phone" label={m.phone} type="tel" inputMode="tel" autoComplete="off" maxLength={41} />
      <TextField busy={busy} name="documentNumber" label={m.documentNumber} autoComplete="off" maxLength={41} />
      <TextField busy={busy} name="address" label={m.address} description={m.addressHint} autoComplete="off" maxLength={301} />
      <TextField busy={busy} name="city" label={m.city} autoComplete="off" maxLength={101} />
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
      <TextField busy={busy} name="paymentReference" label={m.paymentReference} description={m.paymentReferenceHint} autoComplete="off" maxLength={121} />
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
