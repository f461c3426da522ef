import { describe, expect, it } from 'vitest';
import { refusedFields } from '@/components/form/refusal';
import { DbError } from '@/lib/data/db';
import { EMPTY_LEAD, LEAD_REFUSALS, validateLead } from './lead-rules';
import { contactLines } from './contact-lines';

const fieldOfRefusal = (code: string | null) =>
  refusedFields(new DbError({ code: 'P0001', hint: code && `savia:${code}`, message: 'No.' }), LEAD_REFUSALS)[0] ?? null;

const valid = { ...EMPTY_LEAD, name: 'Juana Pérez', email: 'juana@correo.test', consent: true };

describe('las reglas del formulario de contacto (las de submit_lead)', () => {
  it('acepta un contacto con nombre, correo y autorización', () => {
    expect(validateLead(valid)).toEqual({});
    expect(validateLead({ ...valid, email: '', phone: '+57 300 123 4567' })).toEqual({});
  });

  it('sin la casilla marcada no se envía, y dice por qué', () => {
    expect(validateLead({ ...valid, consent: false })).toEqual({ consent: 'Para enviar tu mensaje, marca la casilla de autorización de datos.' });
  });

  it('pide correo o teléfono, y los límites de la base de datos', () => {
    expect(validateLead({ ...valid, email: ' ', phone: '' }).email).toBe('Déjanos un correo o un teléfono para poder contactarte.');
    expect(validateLead({ ...valid, email: 'no-es-correo' }).email).toBe('El correo no parece válido.');
    expect(validateLead({ ...valid, name: ' J ' }).name).toBe('Escribe tu nombre (entre 2 y 120 caracteres).');
    expect(validateLead({ ...valid, name: 'x'.repeat(121) }).name).toBeDefined();
    expect(validateLead({ ...valid, phone: '3'.repeat(41) }).phone).toBe('El teléfono admite hasta 40 caracteres.');
    expect(validateLead({ ...valid, message: 'x'.repeat(2000) }).message).toBeUndefined();
    expect(validateLead({ ...valid, message: 'x'.repeat(2001) }).message).toBe('El mensaje admite hasta 2.000 caracteres.');
  });

  it('cada rechazo de la base de datos va a su campo; el resto, al formulario', () => {
    expect(fieldOfRefusal('invalid_name')).toBe('name');
    expect(fieldOfRefusal('contact_required')).toBe('email');
    expect(fieldOfRefusal('invalid_email')).toBe('email');
    expect(fieldOfRefusal('invalid_phone')).toBe('phone');
    expect(fieldOfRefusal('message_too_long')).toBe('message');
    expect(fieldOfRefusal('too_many_leads')).toBeNull();
    expect(fieldOfRefusal('markup_not_allowed')).toBeNull();
    expect(fieldOfRefusal(null)).toBeNull();
  });
});

describe('el contacto de la empresa', () => {
  it('enlaza correos y teléfonos, y deja el resto como texto', () => {
    expect(contactLines('Teléfono: +57 601 555 0100\nCorreo: hola@savia.test\n\nCalle 10 # 20-30')).toEqual([
      { text: 'Teléfono: +57 601 555 0100', href: 'tel:+576015550100' },
      { text: 'Correo: hola@savia.test', href: 'mailto:hola@savia.test' },
      { text: 'Calle 10 # 20-30', href: null },
    ]);
  });
});
