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
import { useSaveSettings } from '@/api/settings/settings-mutations';
import { settingsFormSchema, type SettingsFormValues } from './settings-schema';
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
    },
  });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (await save(values)) form.reset(values);
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
