import { z } from 'zod';
import { SUPPORTED_LOCALES } from '@/lib/format/locales';
import { settingsMessages as m } from '../messages';

// The same limits as the database's checks on public.metadata (validate_settings). The time zone is
// only checked for presence here: whether it exists is the database's answer (pg_timezone_names).

export const settingsFormSchema = z.object({
  company_name: z.string().trim().min(1, m.companyNameRequired).max(120, m.companyNameTooLong),
  contact_info: z.string().trim().min(1, m.contactInfoRequired).max(1000, m.contactInfoTooLong),
  low_stock_threshold: z.number({ error: m.thresholdNumber }).int(m.thresholdInteger).min(0, m.thresholdMin).max(1_000_000, m.thresholdMax),
  payment_details: z.string().trim().max(1000, m.paymentDetailsTooLong),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, m.currencyInvalid),
  timezone: z.string().trim().min(1, m.timezoneRequired),
  locale: z.enum(SUPPORTED_LOCALES, { error: m.localeInvalid }),
  min_payout: z.number({ error: m.amountNumber }).min(0, m.minPayoutMin).max(9_999_999_999.99, m.minPayoutMax),
  activity_points: z.number({ error: m.thresholdNumber }).int(m.activityPointsInteger).min(1, m.activityPointsMin).max(1_000_000, m.activityPointsMax),
  /** Shown and typed as a percentage; stored as a fraction with four decimals (numeric(5,4)). */
  enrollment_commission_percent: z
    .number({ error: m.amountNumber })
    .min(0, m.enrollmentRateRange)
    .max(100, m.enrollmentRateRange)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, m.enrollmentRateDecimals),
});

export type SettingsFormValues = z.infer<typeof settingsFormSchema>;

/** The form's fields that map one-to-one to a database column (the rate is converted). */
export const settingsFields = [
  'company_name',
  'contact_info',
  'low_stock_threshold',
  'payment_details',
  'currency',
  'timezone',
  'locale',
  'min_payout',
  'activity_points',
] as const;

export const percentToRate = (percent: number) => Number((percent / 100).toFixed(4));
export const rateToPercent = (rate: number) => Number((rate * 100).toFixed(2));
