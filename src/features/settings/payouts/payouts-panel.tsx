// Configuración › «Pagos a miembros» (superadmin): the company's side of the payment files (NIT,
// the Bancolombia account debited, PAB's transaction class, the layouts Pagos offers) and the banks
// and wallets members may be paid into. The database validates each field and names it in DETAIL.
import { useQuery } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { Controller } from 'react-hook-form';
import { z } from 'zod/mini';
import { payoutAccountsQueries } from '@/api/payout-accounts/payout-accounts-queries';
import type { PayoutFileSettings, PayoutFileSettingsInput } from '@/api/payout-settings/payout-settings-api';
import { useSavePayoutFileSettings, useSetInstitutionEnabled } from '@/api/payout-settings/payout-settings-mutations';
import { payoutSettingsQueries } from '@/api/payout-settings/payout-settings-queries';
import { Form, FormField, FormFooter } from '@/components/form/form';
import { useAppForm, useFormSubmit } from '@/components/form/use-app-form';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ErrorState } from '@/components/ui/error-state';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { payoutsSettingsMessages as m } from './messages';

// Only the shape: the NIT's check digit, the debit account's eleven digits and PAB's need of pesos are
// save_payout_file_settings' to judge, and its refusal names the field (DETAIL) it goes beside.
const fileSettingsSchema = z.object({
  companyNit: z.string(),
  debitAccountNumber: z.string(),
  debitAccountType: z.enum(['ahorros', 'corriente', '']),
  transactionClass: z.enum(['220', '225', '238']),
  pab: z.boolean(),
}) satisfies z.ZodMiniType<Omit<PayoutFileSettingsInput, 'enabledLayouts'> & { pab: boolean }>;
type FormValues = z.infer<typeof fileSettingsSchema>;

const FIELDS: Record<string, keyof FormValues> = {
  company_nit: 'companyNit',
  debit_account_number: 'debitAccountNumber',
  debit_account_type: 'debitAccountType',
  transaction_class: 'transactionClass',
  enabled_layouts: 'pab',
};

export default function PayoutsPanel() {
  const settings = useQuery(payoutSettingsQueries.file());
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      {settings.isError ? (
        <ErrorState
          className="rounded-xl border"
          title={m.loadFailed}
          error={settings.error}
          onRetry={() => settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : settings.data ? (
        <FileSettingsForm settings={settings.data} />
      ) : (
        <Skeleton className="h-96 w-full" />
      )}
      <InstitutionsCard />
    </div>
  );
}

function FileSettingsForm({ settings }: { settings: PayoutFileSettings }) {
  const save = useSavePayoutFileSettings();
  const defaults: FormValues = {
    companyNit: settings.company_nit ? `${settings.company_nit}-${settings.company_nit_dv}` : '',
    debitAccountNumber: settings.debit_account_number ?? '',
    debitAccountType: settings.debit_account_type ?? '',
    transactionClass: settings.transaction_class,
    pab: settings.enabled_layouts.includes('bancolombia_pab'),
  };
  const form = useAppForm(fileSettingsSchema, { defaultValues: defaults });
  const submit = useFormSubmit(
    form,
    async ({ pab, ...values }) => {
      const saved = await save.mutateAsync({ ...values, enabledLayouts: pab ? ['bancolombia_pab'] : [] });
      form.reset({ ...values, pab, companyNit: saved.company_nit ? `${saved.company_nit}-${saved.company_nit_dv}` : '' });
    },
    { fields: { details: FIELDS } },
  );
  const pabError = form.formState.errors.pab?.message;
  return (
    <Form form={form} onSubmit={submit}>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{m.fileTitle}</h2>
          </CardTitle>
          <CardDescription>{m.fileDescription}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <FormField name="companyNit" label={m.companyNit} description={m.companyNitHint} controlId="payout-nit">
            <Input autoComplete="off" inputMode="numeric" />
          </FormField>
          <FormField name="transactionClass" label={m.transactionClass} description={m.transactionClassHint} controlId="payout-class">
            <NativeSelect wrapperClassName="w-full">
              {(['220', '225', '238'] as const).map((c) => (
                <option key={c} value={c}>
                  {m.classes[c]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField name="debitAccountNumber" label={m.debitAccount} description={m.debitAccountHint} controlId="payout-debit-account">
            <Input autoComplete="off" inputMode="numeric" />
          </FormField>
          <FormField name="debitAccountType" label={m.debitAccountType} controlId="payout-debit-type">
            <NativeSelect wrapperClassName="w-full">
              <option value="">{m.none}</option>
              <option value="ahorros">{m.savings}</option>
              <option value="corriente">{m.checking}</option>
            </NativeSelect>
          </FormField>
          <Field controlId="payout-pab" orientation="horizontal" error={pabError} className="sm:col-span-2">
            <Controller
              control={form.control}
              name="pab"
              render={({ field }) => (
                <FieldControl>
                  <Checkbox checked={field.value} onCheckedChange={(on) => field.onChange(on === true)} onBlur={field.onBlur} ref={field.ref} />
                </FieldControl>
              )}
            />
            <FieldLabel>{m.pab}</FieldLabel>
            <FieldDescription>{m.pabHint}</FieldDescription>
            <FieldError />
          </Field>
        </CardContent>
        <CardFooter className="flex-col items-stretch gap-3">
          <FormFooter submitLabel={m.save} pendingLabel={m.saving} submitIcon={<Save aria-hidden="true" />} />
        </CardFooter>
      </Card>
    </Form>
  );
}

function InstitutionsCard() {
  const institutions = useQuery(payoutAccountsQueries.institutions());
  const toggle = useSetInstitutionEnabled();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{m.institutionsTitle}</h2>
        </CardTitle>
        <CardDescription>{m.institutionsDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {institutions.isError ? (
          <ErrorState title={m.institutionsFailed} error={institutions.error} onRetry={() => institutions.refetch()} retrying={institutions.isFetching} />
        ) : !institutions.data ? (
          <Skeleton className="h-48 w-full" />
        ) : (
          <ul className="flex flex-col divide-y" data-testid="payout-institutions">
            {[...institutions.data]
              .sort((a, b) => a.name.localeCompare(b.name, 'es'))
              .map((i) => (
                <li key={i.code} className="flex items-center gap-3 py-3">
                  <Checkbox
                    id={`institution-${i.code}`}
                    aria-label={m.enabledLabel(i.name)}
                    checked={i.enabled}
                    disabled={toggle.isPending}
                    onCheckedChange={(on) => toggle.mutate({ code: i.code, enabled: on === true })}
                  />
                  <label htmlFor={`institution-${i.code}`} className="flex min-w-0 flex-1 cursor-pointer flex-col">
                    <span className="text-sm font-medium">{i.name}</span>
                    <span className="text-xs text-muted-foreground">
                      {i.kind === 'wallet' ? m.wallet : m.bank} ·{' '}
                      {m.rule(
                        i.number_min_length === i.number_max_length ? String(i.number_min_length) : `${i.number_min_length}–${i.number_max_length}`,
                        i.number_prefix,
                      )}{' '}
                      · {m.code(i.code)}
                    </span>
                  </label>
                </li>
              ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
