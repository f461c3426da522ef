import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Separator } from '@/components/ui/separator';
import { Textarea } from '@/components/ui/textarea';
import type { AppSettings } from '@/lib/app-settings';
import { DbError } from '@/lib/db';
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
    const result = await save({ ...values, enrollment_commission_rate: percentToRate(enrollment_commission_percent) });
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
        <CardHeader>
          <CardTitle>
            <h2>{m.generalTitle}</h2>
          </CardTitle>
          <CardDescription>{m.generalDescription}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <Field controlId="company_name" error={errors.company_name?.message}>
            <FieldLabel>{m.companyName}</FieldLabel>
            <FieldControl>
              <Input autoComplete="organization" {...form.register('company_name')} />
            </FieldControl>
            <FieldError />
          </Field>
          <Field controlId="contact_info" error={errors.contact_info?.message}>
            <FieldLabel>{m.contactInfo}</FieldLabel>
            <FieldControl>
              <Textarea rows={4} {...form.register('contact_info')} />
            </FieldControl>
            <FieldDescription>{m.contactInfoHint}</FieldDescription>
            <FieldError />
          </Field>
        </CardContent>
        <Separator />
        <CardHeader>
          <CardTitle>
            <h2>{m.paymentTitle}</h2>
          </CardTitle>
          <CardDescription>{m.paymentDescription}</CardDescription>
        </CardHeader>
        <CardContent>
          <Field controlId="payment_details" error={errors.payment_details?.message}>
            <FieldLabel>{m.paymentDetails}</FieldLabel>
            <FieldControl>
              <Textarea rows={3} {...form.register('payment_details')} />
            </FieldControl>
            <FieldDescription>{m.paymentDetailsHint}</FieldDescription>
            <FieldError />
          </Field>
        </CardContent>
        <Separator />
        <CardHeader>
          <CardTitle>
            <h2>{m.inventoryTitle}</h2>
          </CardTitle>
          <CardDescription>{m.inventoryDescription}</CardDescription>
        </CardHeader>
        <CardContent>
          <Field controlId="low_stock_threshold" error={errors.low_stock_threshold?.message}>
            <FieldLabel>{m.lowStockThreshold}</FieldLabel>
            <FieldControl>
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                className="max-w-40"
                {...form.register('low_stock_threshold', { valueAsNumber: true })}
              />
            </FieldControl>
            <FieldDescription>{m.lowStockThresholdHint}</FieldDescription>
            <FieldError />
          </Field>
        </CardContent>
        <Separator />
        <CardHeader>
          <CardTitle>
            <h2>{m.moneyTitle}</h2>
          </CardTitle>
          <CardDescription>{m.moneyDescription}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <Field controlId="currency" error={errors.currency?.message}>
            <FieldLabel>{m.currency}</FieldLabel>
            <FieldControl>
              <Input autoCapitalize="characters" maxLength={3} className="max-w-40 uppercase" {...form.register('currency')} />
            </FieldControl>
            <FieldDescription>{m.currencyHint}</FieldDescription>
            <FieldError />
          </Field>
          <Field controlId="timezone" error={errors.timezone?.message}>
            <FieldLabel>{m.timezone}</FieldLabel>
            <FieldControl>
              <Input list="settings-timezones" autoComplete="off" spellCheck={false} {...form.register('timezone')} />
            </FieldControl>
            <datalist id="settings-timezones">
              {timeZones().map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
            <FieldDescription>{m.timezoneHint}</FieldDescription>
            <FieldError />
          </Field>
          <Field controlId="min_payout" error={errors.min_payout?.message}>
            <FieldLabel>{m.minPayout}</FieldLabel>
            <FieldControl>
              <Input
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                className="max-w-40"
                {...form.register('min_payout', { valueAsNumber: true })}
              />
            </FieldControl>
            <FieldDescription>{m.minPayoutHint}</FieldDescription>
            <FieldError />
          </Field>
        </CardContent>
        <Separator />
        <CardHeader>
          <CardTitle>
            <h2>{m.rewardsTitle}</h2>
          </CardTitle>
          <CardDescription>{m.rewardsDescription}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <Field controlId="activity_points" error={errors.activity_points?.message}>
            <FieldLabel>{m.activityPoints}</FieldLabel>
            <FieldControl>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                className="max-w-40"
                {...form.register('activity_points', { valueAsNumber: true })}
              />
            </FieldControl>
            <FieldDescription>{m.activityPointsHint}</FieldDescription>
            <FieldError />
          </Field>
          <Field controlId="enrollment_commission_percent" error={errors.enrollment_commission_percent?.message}>
            <FieldLabel>{m.enrollmentRate}</FieldLabel>
            <FieldControl>
              <Input
                type="number"
                inputMode="decimal"
                min={0}
                max={100}
                step="0.01"
                className="max-w-40"
                {...form.register('enrollment_commission_percent', { valueAsNumber: true })}
              />
            </FieldControl>
            <FieldDescription>{m.enrollmentRateHint}</FieldDescription>
            <FieldError />
          </Field>
        </CardContent>
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
