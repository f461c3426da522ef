import { z } from 'zod';
import { settingsMessages as m } from '../messages';

// The same limits as the database's checks on public.metadata (validate_settings).

export const settingsFormSchema = z.object({
  company_name: z.string().trim().min(1, m.companyNameRequired).max(120, m.companyNameTooLong),
  contact_info: z.string().trim().min(1, m.contactInfoRequired).max(1000, m.contactInfoTooLong),
  low_stock_threshold: z
    .number({ error: m.thresholdNumber })
    .int(m.thresholdInteger)
    .min(0, m.thresholdMin)
    .max(1_000_000, m.thresholdMax),
  payment_details: z.string().trim().max(1000, m.paymentDetailsTooLong),
});

export type SettingsFormValues = z.infer<typeof settingsFormSchema>;
