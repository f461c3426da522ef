import { describe, expect, it } from 'vitest';
import { accountLine, documentLine, maskedNumber } from './account-text';

describe('cómo se lee una cuenta de pago', () => {
  it('banco, tipo y número agrupado; una billetera, su celular', () => {
    expect(accountLine({ institution: 'Bancolombia', type: 'ahorros', number: '30000314187' })).toBe('Bancolombia · Cuenta de ahorros 3000 0314 187');
    expect(accountLine({ institution: 'Nequi', type: 'deposito_electronico', number: '3005550199' })).toBe('Nequi 300 555 0199');
  });
  it('el número enmascarado deja ver los cuatro últimos', () => {
    expect(maskedNumber('30000314187')).toBe('•••• 4187');
  });
  it('los documentos con sus puntos, el NIT con su dígito aparte', () => {
    expect(documentLine('CC', '10000005')).toBe('CC 10.000.005');
    expect(documentLine('NIT', '9001234568')).toBe('NIT 900.123.456-8');
    expect(documentLine('PA', 'AB12345')).toBe('PA AB12345');
  });
});
