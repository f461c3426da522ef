// Configuración › «Pagos a miembros» (superadmin): the company's side of the payment files (NIT,
// the Bancolombia account debited, PAB's transaction class, the layouts Pagos offers) and the banks
// and wallets members may be paid into. The database validates each field and names it in DETAIL.
import { useQuery } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { payoutAccountsQueries } from '@/api/payout-accounts/payout-accounts-queries';
import type { PayoutFileSettings, PayoutFileSettingsInput } from '@/api/payout-settings/payout-settings-api';
import { useSavePayoutFileSettings, useSetInstitutionEnabled } from '@/api/payout-settings/payout-settings-mutations';
import { payoutSettingsQueries } from '@/api/payout-settings/payout-settings-queries';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ErrorState } from '@/components/ui/error-state';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { DbError, userMessage } from '@/lib/data/db';
import { payoutsSettingsMessages as m } from './messages';

type FormValues = PayoutFileSettingsInput & { pab: boolean };
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
    enabledLayouts: settings.enabled_layouts,
    pab: settings.enabled_layouts.includes('bancolombia_pab'),
  };
  const form = useForm<FormValues>({ defaultValues: defaults });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ pab, ...values }) => {
    try {
      const saved = await save.mutateAsync({ ...values, enabledLayouts: pab ? ['bancolombia_pab'] : [] });
      form.reset({ ...values, pab, companyNit: saved.company_nit ? `${saved.company_nit}-${saved.company_nit_dv}` : '' });
    } catch (error) {
      const field = error instanceof DbError ? FIELDS[error.details ?? ''] : undefined;
      form.setError(field ?? 'root', { message: userMessage(error) }, { shouldFocus: !!field });
    }
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{m.fileTitle}</h2>
          </CardTitle>
          <CardDescription>{m.fileDescription}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <Field controlId="payout-nit" error={errors.companyNit?.message}>
            <FieldLabel>{m.companyNit}</FieldLabel>
            <FieldControl>
              <Input autoComplete="off" inputMode="numeric" {...form.register('companyNit')} />
            </FieldControl>
            <FieldDescription>{m.companyNitHint}</FieldDescription>
            <FieldError />
          </Field>
          <Field controlId="payout-class" error={errors.transactionClass?.message}>
            <FieldLabel>{m.transactionClass}</FieldLabel>
            <FieldControl>
              <NativeSelect wrapperClassName="w-full" {...form.register('transactionClass')}>
                {(['220', '225', '238'] as const).map((c) => (
                  <option key={c} value={c}>
                    {m.classes[c]}
                  </option>
                ))}
              </NativeSelect>
            </FieldControl>
            <FieldDescription>{m.transactionClassHint}</FieldDescription>
            <FieldError />
          </Field>
          <Field controlId="payout-debit-account" error={errors.debitAccountNumber?.message}>
            <FieldLabel>{m.debitAccount}</FieldLabel>
            <FieldControl>
              <Input autoComplete="off" inputMode="numeric" {...form.register('debitAccountNumber')} />
            </FieldControl>
            <FieldDescription>{m.debitAccountHint}</FieldDescription>
            <FieldError />
          </Field>
          <Field controlId="payout-debit-type" error={errors.debitAccountType?.message}>
            <FieldLabel>{m.debitAccountType}</FieldLabel>
            <FieldControl>
              <NativeSelect wrapperClassName="w-full" {...form.register('debitAccountType')}>
                <option value="">{m.none}</option>
                <option value="ahorros">{m.savings}</option>
                <option value="corriente">{m.checking}</option>
              </NativeSelect>
            </FieldControl>
            <FieldError />
          </Field>
          <Field controlId="payout-pab" orientation="horizontal" error={errors.pab?.message} className="sm:col-span-2">
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
          {errors.root?.message && (
            <p role="alert" className="text-sm font-medium text-destructive sm:col-span-2">
              {errors.root.message}
            </p>
          )}
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={isSubmitting}>
            <Save aria-hidden="true" />
            {isSubmitting ? m.saving : m.save}
          </Button>
        </CardFooter>
      </Card>
    </form>
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
