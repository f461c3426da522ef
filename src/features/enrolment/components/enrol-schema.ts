// The enrolment form's rules: the same limits enrol_member and create_sale apply, said in Spanish
// before anything is sent. The database stays the judge of the address (taken, staff, pending).
import { z } from 'zod/mini';
import type { RefusalFields } from '@/components/form/refusal';
import { PAYMENT_METHODS } from '@/lib/data/domain';
import { enrolMessages as m } from '../messages';

// zod/mini, as the api modules use it: the full zod would add 11 kB gzip to the form's code.
const text = (max: number, message: string) => z.string().check(z.trim(), z.maxLength(max, message));

export const enrolSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(2, m.nameRequired), z.maxLength(120, m.nameMax)),
  email: z.string().check(z.trim(), z.maxLength(254, m.emailMax), z.regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, m.emailInvalid)),
  phone: text(40, m.phoneMax),
  documentNumber: text(40, m.documentMax),
  address: text(300, m.addressMax),
  city: text(100, m.cityMax),
  kitId: z.string().check(z.minLength(1, m.kitRequired)),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: m.methodRequired }),
  paymentReference: text(120, m.referenceMax),
  voucher: z.custom<File | null>(),
});
export type EnrolValues = z.infer<typeof enrolSchema>;
export type EnrolField = keyof EnrolValues;

export const emptyEnrolment: EnrolValues = {
  name: '',
  email: '',
  phone: '',
  documentNumber: '',
  address: '',
  city: '',
  kitId: '',
  paymentMethod: 'transferencia',
  paymentReference: '',
  voucher: null,
};

/** Where the database's refusal belongs: the field it is about, or the form as a whole. */
export const ENROL_REFUSALS = {
  // A rule on several columns (formula_not_allowed) names the column in DETAIL: enrol_member's columns as the form's fields.
  details: {
    name: 'name',
    email: 'email',
    document_number: 'documentNumber',
    address: 'address',
    city: 'city',
    payment_reference: 'paymentReference',
    delivery_address: 'address',
  },
  codes: {
    // One refusal whoever's the address is (staff's, a member's, a pending enrolment's): issue 23 §8.
    email_unavailable: 'email',
    invalid_email: 'email',
    invalid_name: 'name',
    unknown_kit: 'kitId',
    insufficient_stock: 'kitId',
    invalid_payment_method: 'paymentMethod',
    invalid_voucher: 'voucher',
  },
} as const satisfies RefusalFields<EnrolField>;
