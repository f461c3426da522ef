import { describe, expect, it } from 'vitest';
import { whatsappHref } from './whatsapp';

describe('whatsappHref', () => {
  it('deja solo los dígitos del número internacional', () => {
    expect(whatsappHref('+57 310 555 0101')).toBe('https://wa.me/573105550101');
    expect(whatsappHref('+57 (311) 530-8642')).toBe('https://wa.me/573115308642');
  });
  it('sin un número plausible no hay enlace', () => {
    expect(whatsappHref('')).toBeNull();
    expect(whatsappHref('sin teléfono')).toBeNull();
  });
});
