// The payout account form, with the database's rules said before sending (payout_accounts_prepare):
// the bank's number length and prefix, the account types it has, the holder's name and document by
// type (a NIT with DIAN's check digit). The database checks again and has the last word (and the one
// rule the form cannot know: the holder's document is the one on the member's record).
import { z } from 'zod';
import type { PayoutInstitution } from '@/api/payout-accounts/payout-accounts-api';
import { DOCUMENT_TYPES, PAYOUT_ACCOUNT_TYPES, payoutAccountTypeLabels, type DocumentType } from '@/lib/data/domain';
import { payoutAccountMessages as m } from './messages';

/** As people write numbers: «300 555 0199», «123-456789-00», «1.020.304». */
export const compactNumber = (text: string) => text.replace(/[\s.-]/g, '').toUpperCase();
const compactName = (text: string) => text.trim().replace(/\s+/g, ' ');

/** DIAN's check digit: modulo 11 with the weights 3, 7, 13, … from the rightmost digit of the base. */
export function nitCheckDigit(base: string): number {
  const weights = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];
  const sum = [...base].reverse().reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0);
  const rest = sum % 11;
  return rest < 2 ? rest : 11 - rest;
}

export function documentProblem(type: DocumentType, number: string): string | null {
  switch (type) {
    case 'CC':
      return /^[1-9]\d{4,9}$/.test(number) ? null : m.cc;
    case 'CE':
      return /^\d{6,10}$/.test(number) ? null : m.ce;
    case 'NIT':
      if (!/^\d{10}$/.test(number)) return m.nit;
      return nitCheckDigit(number.slice(0, 9)) === Number(number[9]) ? null : m.nitCheck(number.slice(0, 9), number.slice(9));
    case 'PA':
      return /^[A-Z0-9]{5,15}$/.test(number) ? null : m.pa;
  }
}

export const digitsText = (i: Pick<PayoutInstitution, 'number_min_length' | 'number_max_length'>) =>
  i.number_min_length === i.number_max_length ? String(i.number_min_length) : `entre ${i.number_min_length} y ${i.number_max_length}`;

const typeNames: Record<(typeof PAYOUT_ACCOUNT_TYPES)[number], string> = {
  ahorros: 'cuenta de ahorros',
  corriente: 'cuenta corriente',
  deposito_electronico: 'depósito electrónico (el celular)',
};

export function payoutAccountSchema(institutions: readonly PayoutInstitution[]) {
  return z
    .object({
      institutionCode: z.string().min(1, m.institutionRequired),
      accountType: z.enum(PAYOUT_ACCOUNT_TYPES),
      accountNumber: z.string().transform(compactNumber),
      holderName: z.string().transform(compactName),
      holderDocumentType: z.enum(DOCUMENT_TYPES),
      holderDocumentNumber: z.string().transform(compactNumber),
    })
    .superRefine((v, ctx) => {
      const institution = institutions.find((i) => i.code === v.institutionCode && i.enabled);
      if (!institution) {
        ctx.addIssue({ code: 'custom', path: ['institutionCode'], message: m.institutionRequired });
        return;
      }
      if (!institution.account_types.includes(v.accountType))
        ctx.addIssue({
          code: 'custom',
          path: ['accountType'],
          message: m.accountTypeInvalid(institution.name, institution.account_types.map((t) => typeNames[t]).join(' o ')),
        });
      const n = v.accountNumber;
      if (
        !/^\d+$/.test(n) ||
        n.length < institution.number_min_length ||
        n.length > institution.number_max_length ||
        (institution.number_prefix !== null && !n.startsWith(institution.number_prefix))
      )
        ctx.addIssue({
          code: 'custom',
          path: ['accountNumber'],
          message: m.numberInvalid(institution.name, digitsText(institution), institution.number_prefix),
        });
      const first = v.holderName.charAt(0);
      if (first === '=' || first === '+' || first === '@') ctx.addIssue({ code: 'custom', path: ['holderName'], message: m.formulaStart });
      else if (v.holderName.length < 3 || v.holderName.length > 60 || !/^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ][A-Za-zÁÉÍÓÚÜÑáéíóúüñ .'-]*$/.test(v.holderName))
        ctx.addIssue({ code: 'custom', path: ['holderName'], message: m.holderNameInvalid });
      const problem = documentProblem(v.holderDocumentType, v.holderDocumentNumber);
      if (problem) ctx.addIssue({ code: 'custom', path: ['holderDocumentNumber'], message: problem });
    });
}

export type PayoutAccountFormInput = z.input<ReturnType<typeof payoutAccountSchema>>;
export type PayoutAccountFormValues = z.output<ReturnType<typeof payoutAccountSchema>>;

export const accountTypeOptions = (institution: PayoutInstitution | undefined) =>
  (institution?.account_types ?? []).map((t) => ({ value: t, label: payoutAccountTypeLabels[t] }));

/** The database names the field it refused in DETAIL: the form's field of the same meaning. */
export const fieldOfDetail: Record<string, keyof PayoutAccountFormInput> = {
  institution_code: 'institutionCode',
  account_type: 'accountType',
  account_number: 'accountNumber',
  holder_name: 'holderName',
  holder_document_type: 'holderDocumentType',
  holder_document_number: 'holderDocumentNumber',
};
