import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Separator } from '@/components/ui/separator';
import { Textarea } from '@/components/ui/textarea';
import type { AppSettings } from '@/lib/app-settings';
import { useSaveSettings } from '@/api/settings/settings-mutations';
import { settingsFormSchema, type SettingsFormValues } from './settings-schema';
import { settingsMessages as m } from '../messages';
import { FormField } from './form-field';

const describedBy = (id: string, hasError: boolean) => (hasError ? `${id}-error` : `${id}-hint`);

export function SettingsForm({ settings }: { settings: AppSettings }) {
  const { save, isSaving } = useSaveSettings();
  const form = useForm<SettingsFormValues>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: {
      company_name: settings.company_name,
      contact_info: settings.contact_info,
      low_stock_threshold: settings.low_stock_threshold,
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
          <FormField id="company_name" label={m.companyName} error={errors.company_name?.message}>
            <Input
              id="company_name"
              autoComplete="organization"
              aria-invalid={!!errors.company_name}
              aria-describedby={errors.company_name ? 'company_name-error' : undefined}
              {...form.register('company_name')}
            />
          </FormField>
          <FormField id="contact_info" label={m.contactInfo} hint={m.contactInfoHint} error={errors.contact_info?.message}>
            <Textarea
              id="contact_info"
              rows={4}
              aria-invalid={!!errors.contact_info}
              aria-describedby={describedBy('contact_info', !!errors.contact_info)}
              {...form.register('contact_info')}
            />
          </FormField>
        </CardContent>
        <Separator />
        <CardHeader>
          <CardTitle>
            <h2>{m.inventoryTitle}</h2>
          </CardTitle>
          <CardDescription>{m.inventoryDescription}</CardDescription>
        </CardHeader>
        <CardContent>
          <FormField id="low_stock_threshold" label={m.lowStockThreshold} hint={m.lowStockThresholdHint} error={errors.low_stock_threshold?.message}>
            <Input
              id="low_stock_threshold"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              className="max-w-40"
              aria-invalid={!!errors.low_stock_threshold}
              aria-describedby={describedBy('low_stock_threshold', !!errors.low_stock_threshold)}
              {...form.register('low_stock_threshold', { valueAsNumber: true })}
            />
          </FormField>
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
