import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { Children, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Separator } from '@/components/ui/separator';
import { Textarea } from '@/components/ui/textarea';
import type { AppSettings } from '@/lib/data/app-settings';
import { DbError } from '@/lib/data/db';
import { useSaveSettings } from '@/api/settings/settings-mutations';
import { percentToRate, rateToPercent, settingsFields, settingsFormSchema, type SettingsFormValues } from './settings-schema';
import { settingsMessages as m } from '../messages';

export function SettingsForm({ settings }: { settings: AppSettings }) {
  const { save, isSaving } = useSaveSettings();
  const form = useForm<SettingsFormValues>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: {
      company_name: settings.company_name,
      contact_info: settings.contact_info,
      low_stock_threshold: settings.low_stock_threshold,
      payment_details: settings.payment_details,
      currency: settings.currency,
      timezone: settings.timezone,
      min_payout: settings.min_payout,
      activity_points: settings.activity_points,
      enrollment_commission_percent: rateToPercent(settings.enrollment_commission_rate),
    },
  });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async ({ enrollment_commission_percent, ...values }) => {
    const result = await save({
      ...values,
      enrollment_commission_rate: percentToRate(enrollment_commission_percent),
    });
    if (result.ok) {
      form.reset({ ...values, enrollment_commission_percent });
      return;
    }
    // validate_settings names the field in DETAIL: its sentence goes beside that field.
    const { error } = result;
    if (error instanceof DbError && error.saviaCode === 'invalid_settings') {
      const field = error.details === 'enrollment_commission_rate' ? 'enrollment_commission_percent' : error.details;
      const known = (settingsFields as readonly string[]).concat('enrollment_commission_percent');
      if (field && known.includes(field)) form.setError(field as keyof SettingsFormValues, { message: error.message }, { shouldFocus: true });
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="max-w-3xl">
      <Card>
        <Section title={m.generalTitle} description={m.generalDescription} className="flex flex-col gap-5">
          <SettingField name="company_name" label={m.companyName} error={errors.company_name?.message}>
            <Input autoComplete="organization" {...form.register('company_name')} />
          </SettingField>
          <SettingField name="contact_info" label={m.contactInfo} hint={m.contactInfoHint} error={errors.contact_info?.message}>
            <Textarea rows={4} {...form.register('contact_info')} />
          </SettingField>
        </Section>
        <Separator />
        <Section title={m.paymentTitle} description={m.paymentDescription}>
          <SettingField name="payment_details" label={m.paymentDetails} hint={m.paymentDetailsHint} error={errors.payment_details?.message}>
            <Textarea rows={3} {...form.register('payment_details')} />
          </SettingField>
        </Section>
        <Separator />
        <Section title={m.inventoryTitle} description={m.inventoryDescription}>
          <SettingField name="low_stock_threshold" label={m.lowStockThreshold} hint={m.lowStockThresholdHint} error={errors.low_stock_threshold?.message}>
            <Input type="number" inputMode="numeric" min={0} step={1} className="max-w-40" {...form.register('low_stock_threshold', { valueAsNumber: true })} />
          </SettingField>
        </Section>
        <Separator />
        <Section title={m.moneyTitle} description={m.moneyDescription} className="grid gap-5 sm:grid-cols-2">
          <SettingField name="currency" label={m.currency} hint={m.currencyHint} error={errors.currency?.message}>
            <Input autoCapitalize="characters" maxLength={3} className="max-w-40 uppercase" {...form.register('currency')} />
          </SettingField>
          <SettingField name="timezone" label={m.timezone} hint={m.timezoneHint} error={errors.timezone?.message}>
            <Input list="settings-timezones" autoComplete="off" spellCheck={false} {...form.register('timezone')} />
            <datalist id="settings-timezones">
              {timeZones().map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          </SettingField>
          <SettingField name="min_payout" label={m.minPayout} hint={m.minPayoutHint} error={errors.min_payout?.message}>
            <Input type="number" inputMode="decimal" min={0} step="0.01" className="max-w-40" {...form.register('min_payout', { valueAsNumber: true })} />
          </SettingField>
        </Section>
        <Separator />
        <Section title={m.rewardsTitle} description={m.rewardsDescription} className="grid gap-5 sm:grid-cols-2">
          <SettingField name="activity_points" label={m.activityPoints} hint={m.activityPointsHint} error={errors.activity_points?.message}>
            <Input type="number" inputMode="numeric" min={1} step={1} className="max-w-40" {...form.register('activity_points', { valueAsNumber: true })} />
          </SettingField>
          <SettingField
            name="enrollment_commission_percent"
            label={m.enrollmentRate}
            hint={m.enrollmentRateHint}
            error={errors.enrollment_commission_percent?.message}
          >
            <Input
              type="number"
              inputMode="decimal"
              min={0}
              max={100}
              step="0.01"
              className="max-w-40"
              {...form.register('enrollment_commission_percent', {
                valueAsNumber: true,
              })}
            />
          </SettingField>
        </Section>
        <Separator />
        <CardFooter className="flex-col-reverse items-stretch gap-2 pt-6 sm:flex-row sm:items-center sm:justify-end">
          <Button type="button" variant="ghost" disabled={!isDirty || isSaving} onClick={() => form.reset()}>
            {m.reset}
          </Button>
          <Button type="submit" disabled={isSaving}>
            <Save aria-hidden="true" />
            {isSaving ? m.saving : m.save}
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}

let zones: string[] | undefined;
/** The browser's IANA zones as suggestions; the database decides whether the typed one exists. */
function timeZones(): string[] {
  zones ??= typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones;
}

/** One part of the card: its heading, what it is for, and its fields. */
function Section({ title, description, className, children }: { title: string; description: string; className?: string; children: ReactNode }) {
  return (
    <>
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={className}>{children}</CardContent>
    </>
  );
}

/** A setting: its label, its control (the first child), an optional hint and the database's refusal. */
function SettingField({ name, label, hint, error, children }: { name: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  const [control, ...rest] = Children.toArray(children);
  return (
    <Field controlId={name} error={error}>
      <FieldLabel>{label}</FieldLabel>
      <FieldControl>{control}</FieldControl>
      {rest}
      {hint && <FieldDescription>{hint}</FieldDescription>}
      <FieldError />
    </Field>
  );
}
