import { Save } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Form, FormField, FormFooter } from '@/components/form/form';
import { useAppForm, useFormSubmit } from '@/components/form/use-app-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Separator } from '@/components/ui/separator';
import { Textarea } from '@/components/ui/textarea';
import { useAppSettings, type AppSettings } from '@/lib/data/app-settings';
import { createFormatters } from '@/lib/format/format';
import { safeLocale, SUPPORTED_LOCALES } from '@/lib/format/locales';
import type { DbError } from '@/lib/data/db';
import { useSaveSettings } from '@/api/settings/settings-mutations';
import { percentToRate, rateToPercent, settingsFields, settingsFormSchema, type SettingsFormValues } from './settings-schema';
import { settingsMessages as m } from '../messages';

const fieldNames: readonly string[] = [...settingsFields, 'enrollment_commission_percent'];

/** validate_settings's DETAIL → the form's field (the rate is edited as a percentage). */
function fieldOfRefusal(error: DbError): keyof SettingsFormValues | null {
  if (error.saviaCode !== 'invalid_settings') return null;
  const field = error.details === 'enrollment_commission_rate' ? 'enrollment_commission_percent' : error.details;
  return field && fieldNames.includes(field) ? (field as keyof SettingsFormValues) : null;
}

export function SettingsForm({ settings }: { settings: AppSettings }) {
  const { save, isSaving } = useSaveSettings();
  const form = useAppForm(settingsFormSchema, {
    defaultValues: {
      company_name: settings.company_name,
      contact_info: settings.contact_info,
      low_stock_threshold: settings.low_stock_threshold,
      payment_details: settings.payment_details,
      currency: settings.currency,
      timezone: settings.timezone,
      locale: safeLocale(settings.locale),
      min_payout: settings.min_payout,
      activity_points: settings.activity_points,
      enrollment_commission_percent: rateToPercent(settings.enrollment_commission_rate),
    },
  });
  const { isDirty } = form.formState;

  const submit = useFormSubmit(
    form,
    async ({ enrollment_commission_percent, ...values }) => {
      const result = await save({ ...values, enrollment_commission_rate: percentToRate(enrollment_commission_percent) });
      if (!result.ok) throw result.error;
      form.reset({ ...values, enrollment_commission_percent });
    },
    // The save's own toast says it failed; validate_settings names the field in DETAIL, and its
    // sentence goes beside that field.
    { fields: fieldOfRefusal, alert: () => null },
  );

  return (
    <Form form={form} onSubmit={submit} className="max-w-3xl">
      <Card>
        <Section title={m.generalTitle} description={m.generalDescription} className="flex flex-col gap-5">
          <FormField name="company_name" label={m.companyName} controlId="company_name">
            <Input autoComplete="organization" />
          </FormField>
          <FormField name="contact_info" label={m.contactInfo} description={m.contactInfoHint} controlId="contact_info">
            <Textarea rows={4} />
          </FormField>
        </Section>
        <Separator />
        <Section title={m.paymentTitle} description={m.paymentDescription}>
          <FormField name="payment_details" label={m.paymentDetails} description={m.paymentDetailsHint} controlId="payment_details">
            <Textarea rows={3} />
          </FormField>
        </Section>
        <Separator />
        <Section title={m.inventoryTitle} description={m.inventoryDescription}>
          <NumberSetting name="low_stock_threshold" label={m.lowStockThreshold} hint={m.lowStockThresholdHint} inputMode="numeric" min={0} step={1} />
        </Section>
        <Separator />
        <Section title={m.moneyTitle} description={m.moneyDescription} className="grid gap-5 sm:grid-cols-2">
          <FormField name="currency" label={m.currency} description={m.currencyHint} controlId="currency">
            <Input autoCapitalize="characters" maxLength={3} className="max-w-40 uppercase" />
          </FormField>
          <FormField name="timezone" label={m.timezone} description={m.timezoneHint} controlId="timezone">
            <Input list="settings-timezones" autoComplete="off" spellCheck={false} />
          </FormField>
          <datalist id="settings-timezones">
            {timeZones().map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          <FormField name="locale" label={m.locale} description={<LocaleSample />} controlId="locale" className="sm:col-span-2">
            <NativeSelect wrapperClassName="w-full sm:w-fit">
              {SUPPORTED_LOCALES.map((locale) => (
                <option key={locale} value={locale}>
                  {m.localeNames[locale]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <NumberSetting name="min_payout" label={m.minPayout} hint={m.minPayoutHint} inputMode="decimal" min={0} step="0.01" />
        </Section>
        <Separator />
        <Section title={m.rewardsTitle} description={m.rewardsDescription} className="grid gap-5 sm:grid-cols-2">
          <NumberSetting name="activity_points" label={m.activityPoints} hint={m.activityPointsHint} inputMode="numeric" min={1} step={1} />
          <NumberSetting
            name="enrollment_commission_percent"
            label={m.enrollmentRate}
            hint={m.enrollmentRateHint}
            inputMode="decimal"
            min={0}
            max={100}
            step="0.01"
          />
        </Section>
        <Separator />
        <FormFooter submitLabel={m.save} pendingLabel={m.saving} submitIcon={<Save aria-hidden="true" />} className="items-stretch p-6 sm:items-center">
          <Button type="button" variant="ghost" disabled={!isDirty || isSaving} onClick={() => form.reset()}>
            {m.reset}
          </Button>
        </FormFooter>
      </Card>
    </Form>
  );
}

// A figure with thousands and cents, a rate and today's date, as the chosen locale and the typed
// currency would write them: the superadmin sees the choice before saving it.
const SAMPLE_AMOUNT = 1234567.5;
const SAMPLE_RATE = 0.025;

function LocaleSample() {
  const { timezone } = useAppSettings();
  const [locale, currency] = useWatch<SettingsFormValues, ['locale', 'currency']>({ name: ['locale', 'currency'] });
  const f = createFormatters({ currency: /^[A-Z]{3}$/.test(currency?.toUpperCase() ?? '') ? currency.toUpperCase() : 'USD', timezone, locale });
  return m.localeHint(`${f.money(SAMPLE_AMOUNT)} · ${f.percent(SAMPLE_RATE)} · ${f.date(new Date())}`);
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

/** A number setting: the input's text read as a number (valueAsNumber), which the schema checks. */
function NumberSetting({
  name,
  label,
  hint,
  ...input
}: { name: 'low_stock_threshold' | 'min_payout' | 'activity_points' | 'enrollment_commission_percent'; label: string; hint: string } & Pick<
  ComponentProps<'input'>,
  'inputMode' | 'min' | 'max' | 'step'
>) {
  return (
    <FormField name={name} label={label} description={hint} controlId={name} registerOptions={{ valueAsNumber: true }}>
      <Input type="number" className="max-w-40" {...input} />
    </FormField>
  );
}
