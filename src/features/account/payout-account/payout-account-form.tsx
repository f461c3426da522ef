// The payout account form (loaded when its dialog opens): the enabled banks and wallets, the account
// types the chosen one has, its number, the holder and their document. A refusal of the database
// names its field (DETAIL) and its sentence shows there.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { PayoutAccount, PayoutInstitution } from '@/api/payout-accounts/payout-accounts-api';
import { useSavePayoutAccount } from '@/api/payout-accounts/payout-accounts-mutations';
import { payoutAccountsQueries } from '@/api/payout-accounts/payout-accounts-queries';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { DbError, userMessage } from '@/lib/data/db';
import { DOCUMENT_TYPES, documentTypeLabels } from '@/lib/data/domain';
import { payoutAccountMessages as m } from './messages';
import {
  accountTypeOptions,
  digitsText,
  fieldOfDetail,
  payoutAccountSchema,
  type PayoutAccountFormInput,
  type PayoutAccountFormValues,
} from './payout-account-schema';

export interface PayoutAccountDefaults {
  holderName: string;
  /** The document on the member's record, as written there («CC 1.020.304»). */
  document: string | null;
}

export default function PayoutAccountForm({
  current,
  defaults,
  onDone,
}: {
  current: PayoutAccount | null;
  defaults: PayoutAccountDefaults;
  onDone: () => void;
}) {
  const loaded = useQuery(payoutAccountsQueries.institutions());
  if (loaded.isError) return <ErrorState error={loaded.error} onRetry={() => loaded.refetch()} retrying={loaded.isFetching} />;
  if (!loaded.data) return <FormSkeleton />;
  return <AccountForm institutions={loaded.data} current={current} defaults={defaults} onDone={onDone} />;
}

function AccountForm({
  institutions,
  current,
  defaults,
  onDone,
}: {
  institutions: PayoutInstitution[];
  current: PayoutAccount | null;
  defaults: PayoutAccountDefaults;
  onDone: () => void;
}) {
  const save = useSavePayoutAccount();
  const enabled = useMemo(() => institutions.filter((i) => i.enabled), [institutions]);
  const schema = useMemo(() => payoutAccountSchema(institutions), [institutions]);
  const form = useForm<PayoutAccountFormInput, unknown, PayoutAccountFormValues>({
    resolver: zodResolver(schema),
    defaultValues: current
      ? {
          institutionCode: current.institution_code,
          accountType: current.account_type,
          accountNumber: current.account_number,
          holderName: current.holder_name,
          holderDocumentType: current.holder_document_type,
          holderDocumentNumber: current.holder_document_number,
        }
      : {
          institutionCode: '',
          accountType: 'ahorros',
          accountNumber: '',
          holderName: defaults.holderName,
          holderDocumentType: 'CC',
          holderDocumentNumber: (defaults.document ?? '').replace(/^\s*(C\.?\s?C\.?|C\.?\s?E\.?|NIT|PA)[\s.:#-]+/i, '').replace(/[^A-Za-z0-9]/g, ''),
        },
  });
  const { errors, isSubmitting } = form.formState;
  const code = useWatch({ control: form.control, name: 'institutionCode' });
  const institution = enabled.find((i) => i.code === code);
  const types = accountTypeOptions(institution);

  // A wallet has only electronic deposits, a bank only savings and current accounts: the type follows.
  useEffect(() => {
    if (!institution) return;
    const type = form.getValues('accountType');
    if (!institution.account_types.includes(type)) form.setValue('accountType', institution.account_types[0]!);
  }, [institution, form]);
  useEffect(() => form.setFocus('institutionCode'), [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      onDone();
    } catch (error) {
      const field = error instanceof DbError ? fieldOfDetail[error.details ?? ''] : undefined;
      form.setError(field ?? 'root', { message: userMessage(error) }, { shouldFocus: !!field });
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field controlId="payout-institution" error={errors.institutionCode?.message}>
          <FieldLabel>{m.institution}</FieldLabel>
          <FieldControl>
            <NativeSelect wrapperClassName="w-full" {...form.register('institutionCode')}>
              <option value="">{m.choose}</option>
              {enabled.map((i) => (
                <option key={i.code} value={i.code}>
                  {i.name}
                </option>
              ))}
            </NativeSelect>
          </FieldControl>
          <FieldError />
        </Field>
        <Field controlId="payout-account-type" error={errors.accountType?.message}>
          <FieldLabel>{m.accountType}</FieldLabel>
          <FieldControl>
            <NativeSelect wrapperClassName="w-full" disabled={!institution} {...form.register('accountType')}>
              {types.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </NativeSelect>
          </FieldControl>
          <FieldError />
        </Field>
      </div>
      <Field controlId="payout-account-number" error={errors.accountNumber?.message}>
        <FieldLabel>{institution?.kind === 'wallet' ? m.accountNumberWallet : m.accountNumber}</FieldLabel>
        <FieldControl>
          <Input inputMode="numeric" autoComplete="off" {...form.register('accountNumber')} />
        </FieldControl>
        {institution && <FieldDescription>{m.numberHint(digitsText(institution), institution.number_prefix)}</FieldDescription>}
        <FieldError />
      </Field>
      <Field controlId="payout-holder-name" error={errors.holderName?.message}>
        <FieldLabel>{m.holderName}</FieldLabel>
        <FieldControl>
          <Input autoComplete="name" {...form.register('holderName')} />
        </FieldControl>
        <FieldDescription>{m.holderNameHint}</FieldDescription>
        <FieldError />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field controlId="payout-document-type" error={errors.holderDocumentType?.message}>
          <FieldLabel>{m.documentType}</FieldLabel>
          <FieldControl>
            <NativeSelect wrapperClassName="w-full" {...form.register('holderDocumentType')}>
              {DOCUMENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {documentTypeLabels[t]}
                </option>
              ))}
            </NativeSelect>
          </FieldControl>
          <FieldError />
        </Field>
        <Field controlId="payout-document-number" error={errors.holderDocumentNumber?.message}>
          <FieldLabel>{m.documentNumber}</FieldLabel>
          <FieldControl>
            <Input autoComplete="off" {...form.register('holderDocumentNumber')} />
          </FieldControl>
          <FieldDescription>{m.documentHint}</FieldDescription>
          <FieldError />
        </Field>
      </div>
      {errors.root?.message && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.root.message}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          {m.cancel}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? m.saving : m.save}
        </Button>
      </DialogFooter>
    </form>
  );
}

function FormSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  );
}
