import { describe, expect, it } from 'vitest';
import type { PayoutInstitution } from '@/api/payout-accounts/payout-accounts-api';
import { nitCheckDigit, payoutAccountSchema } from './payout-account-schema';

const institutions: PayoutInstitution[] = [
  {
    code: '1007',
    name: 'Bancolombia',
    kind: 'bank',
    account_types: ['ahorros', 'corriente'],
    number_min_length: 11,
    number_max_length: 11,
    number_prefix: null,
    enabled: true,
  },
  {
    code: '1507',
    name: 'Nequi',
    kind: 'wallet',
    account_types: ['deposito_electronico'],
    number_min_length: 10,
    number_max_length: 10,
    number_prefix: '3',
    enabled: true,
  },
  {
    code: '1051',
    name: 'Davivienda',
    kind: 'bank',
    account_types: ['ahorros'],
    number_min_length: 12,
    number_max_length: 12,
    number_prefix: null,
    enabled: false,
  },
];
const schema = payoutAccountSchema(institutions);
const valid = {
  institutionCode: '1007',
  accountType: 'ahorros' as const,
  accountNumber: '123-456789-00',
  holderName: '  Ana   Pérez ',
  holderDocumentType: 'CC' as const,
  holderDocumentNumber: '1.020.304',
};
const issues = (input: Partial<typeof valid> | Record<string, string>) => {
  const result = schema.safeParse({ ...valid, ...input });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('el formulario de la cuenta para retiros', () => {
  it('acepta los números como se escriben y los deja compactos', () => {
    const result = schema.parse(valid);
    expect(result).toMatchObject({ accountNumber: '12345678900', holderName: 'Ana Pérez', holderDocumentNumber: '1020304' });
  });

  it('dice en cada campo la regla de la base de datos', () => {
    expect(issues({ institutionCode: '1051' })).toEqual({ institutionCode: 'Elige el banco o la billetera.' });
    expect(issues({ institutionCode: '1507', accountNumber: '6005550199' })).toEqual({
      accountType: 'Nequi admite depósito electrónico (el celular).',
      accountNumber: 'El número de Nequi tiene 10 dígitos y empieza por 3 (es el celular), sin letras.',
    });
    expect(issues({ accountNumber: '1234567890' })).toEqual({ accountNumber: 'El número de Bancolombia tiene 11 dígitos, sin letras.' });
    expect(issues({ holderName: '=HYPERLINK("x")' })).toEqual({
      holderName: 'No empieces el nombre del titular con =, + ni @: una hoja de cálculo ejecutaría ese texto como una fórmula.',
    });
    expect(issues({ holderName: 'Ana 2' }).holderName).toMatch(/^El nombre del titular va como en el banco/);
    expect(issues({ holderDocumentNumber: '0102030' }).holderDocumentNumber).toMatch(/no empieza por 0/);
    expect(issues({ holderDocumentType: 'NIT', holderDocumentNumber: '900123456-7' })).toEqual({
      holderDocumentNumber: 'El dígito de verificación del NIT 900123456 no es 7: revisa el número.',
    });
    expect(issues({ holderDocumentType: 'NIT', holderDocumentNumber: '900.123.456-8' })).toEqual({});
  });

  it('el dígito de verificación del NIT es el de la DIAN', () => {
    expect(nitCheckDigit('900123456')).toBe(8);
    expect(nitCheckDigit('890903938')).toBe(8); // Bancolombia S.A., NIT 890903938-8
    expect(nitCheckDigit('800197268')).toBe(4); // DIAN, NIT 800197268-4
  });
});
