// The payout account form (loaded when its dialog opens): the enabled banks and wallets, the account
// types the chosen one has, its number, the holder and their document. A refusal of the database
// names its field (DETAIL) and its sentence shows there.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import type { PayoutAccount, PayoutInstitution } from '@/api/payout-accounts/payout-accounts-api';
import { useSavePayoutAccount } from '@/api/payout-accounts/payout-accounts-mutations';
import { payoutAccountsQueries } from '@/api/payout-accounts/payout-accounts-queries';
import { Form, FormField, FormFooter } from '@/components/form/form';
import { useAppForm, useFormSubmit } from '@/components/form/use-app-form';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { DOCUMENT_TYPES, documentTypeLabels } from '@/lib/data/domain';
import { payoutAccountMessages as m } from './messages';
import { accountTypeOptions, digitsText, fieldOfDetail, payoutAccountSchema } from './payout-account-schema';

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
  const form = useAppForm(schema, {
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

  const submit = useFormSubmit(
    form,
    async (values) => {
      await save.mutateAsync(values);
      onDone();
    },
    { fields: { details: fieldOfDetail } },
  );

  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField name="institutionCode" label={m.institution} controlId="payout-institution">
          <NativeSelect wrapperClassName="w-full">
            <option value="">{m.choose}</option>
            {enabled.map((i) => (
              <option key={i.code} value={i.code}>
                {i.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField name="accountType" label={m.accountType} controlId="payout-account-type">
          <NativeSelect wrapperClassName="w-full" disabled={!institution}>
            {types.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField
        name="accountNumber"
        label={institution?.kind === 'wallet' ? m.accountNumberWallet : m.accountNumber}
        description={institution && m.numberHint(digitsText(institution), institution.number_prefix)}
        controlId="payout-account-number"
      >
        <Input inputMode="numeric" autoComplete="off" />
      </FormField>
      <FormField name="holderName" label={m.holderName} description={m.holderNameHint} controlId="payout-holder-name">
        <Input autoComplete="name" />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField name="holderDocumentType" label={m.documentType} controlId="payout-document-type">
          <NativeSelect wrapperClassName="w-full">
            {DOCUMENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {documentTypeLabels[t]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField name="holderDocumentNumber" label={m.documentNumber} description={m.documentHint} controlId="payout-document-number">
          <Input autoComplete="off" />
        </FormField>
      </div>
      <FormFooter submitLabel={m.save} pendingLabel={m.saving} cancelLabel={m.cancel} onCancel={onDone} />
    </Form>
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
