import { describe, expect, it } from 'vitest';
import { enrolmentState } from './enrolment-state';
import { refusedFields } from '@/components/form/refusal';
import { DbError } from '@/lib/data/db';
import { emptyEnrolment, ENROL_REFUSALS, enrolSchema } from './enrol-schema';

const fieldOfRefusal = (code: string | null, detail?: string) =>
  refusedFields(new DbError({ code: 'P0001', hint: code && `savia:${code}`, message: 'No.', details: detail }), ENROL_REFUSALS)[0] ?? null;

const valid = { ...emptyEnrolment, name: 'Ana Ruiz', email: 'ana.ruiz@gmail.com', kitId: 'kit' };

describe('el formulario de enrolamiento', () => {
  it('acepta lo mínimo: nombre, correo, kit y medio de pago', () => {
    expect(enrolSchema.safeParse(valid).success).toBe(true);
  });

  it('dice en español qué falta o sobra, con los límites de la base de datos', () => {
    const result = enrolSchema.safeParse({ ...valid, name: ' A ', email: 'ana@', kitId: '', city: 'x'.repeat(101) });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({
      name: 'Escribe el nombre de la persona (al menos 2 caracteres).',
      email: 'Escribe un correo válido, como nombre@gmail.com.',
      kitId: 'Elige un kit de inicio.',
      city: 'La ciudad admite hasta 100 caracteres.',
    });
  });

  it('los rechazos del correo van al campo del correo; los demás, a su campo o al formulario', () => {
    expect(['email_unavailable', 'invalid_email'].map((code) => fieldOfRefusal(code))).toEqual(['email', 'email']);
    // A text a spreadsheet would run as a formula: the column in DETAIL says which field.
    expect(['name', 'document_number', 'payment_reference'].map((column) => fieldOfRefusal('formula_not_allowed', column))).toEqual([
      'name',
      'documentNumber',
      'paymentReference',
    ]);
    expect(fieldOfRefusal('insufficient_stock')).toBe('kitId');
    expect(fieldOfRefusal('text_too_long')).toBeNull();
    expect(fieldOfRefusal(null)).toBeNull();
  });
});

describe('el estado de un enrolamiento', () => {
  it('sale de la venta: pendiente, aprobado (pagada o entregada), rechazado, cancelado', () => {
    expect(enrolmentState('Pendiente de Enrolamiento')).toBe('pending');
    expect(enrolmentState('Pagada')).toBe('approved');
    expect(enrolmentState('Entregada')).toBe('approved');
    expect(enrolmentState('Rechazado')).toBe('rejected');
    expect(enrolmentState('Cancelada')).toBe('cancelled');
  });
});
