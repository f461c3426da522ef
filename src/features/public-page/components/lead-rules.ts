// The contact form's checks, equal to submit_lead's (which decides: these only save a round trip),
// and where each of the database's refusals belongs on the form.
import type { RefusalFields } from '@/components/form/refusal';
import { publicPageMessages as m } from '../messages';

export interface LeadValues {
  name: string;
  email: string;
  phone: string;
  message: string;
  consent: boolean;
  /** The honeypot: people never see it, bots fill it in. */
  website: string;
}

export type LeadField = 'name' | 'email' | 'phone' | 'message' | 'consent';
export type LeadErrors = Partial<Record<LeadField, string>>;

export const EMPTY_LEAD: LeadValues = { name: '', email: '', phone: '', message: '', consent: false, website: '' };

export const LEAD_LIMITS = { nameMin: 2, nameMax: 120, email: 254, phone: 40, message: 2000 } as const;

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export function validateLead(values: LeadValues): LeadErrors {
  const errors: LeadErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const phone = values.phone.trim();
  if (name.length < LEAD_LIMITS.nameMin || name.length > LEAD_LIMITS.nameMax) errors.name = m.nameInvalid;
  if (!email && !phone) errors.email = m.contactRequired;
  else if (email && (!EMAIL.test(email) || email.length > LEAD_LIMITS.email)) errors.email = m.emailInvalid;
  if (phone.length > LEAD_LIMITS.phone) errors.phone = m.phoneTooLong;
  if (values.message.trim().length > LEAD_LIMITS.message) errors.message = m.messageTooLong;
  if (!values.consent) errors.consent = m.consentRequired;
  return errors;
}

/** The field a refusal of submit_lead concerns; the rest (rate limit, markup, page gone) is the form's. */
export const LEAD_REFUSALS = {
  codes: {
    invalid_name: 'name',
    contact_required: 'email',
    invalid_email: 'email',
    invalid_phone: 'phone',
    message_too_long: 'message',
    consent_required: 'consent',
  },
} as const satisfies RefusalFields<LeadField>;
