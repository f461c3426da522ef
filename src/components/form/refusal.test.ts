import { describe, expect, it } from 'vitest';
import { DbError } from '@/lib/data/db';
import { refusedFields } from './refusal';

const refusal = (code: string, details: string | null = null) => new DbError({ code: 'P0001', hint: `savia:${code}`, details, message: 'No.' });

describe('refusedFields', () => {
  it('DETAIL con el nombre del campo, cuando el formulario lo tiene', () => {
    expect(refusedFields(refusal('invalid_email', 'email'), { details: ['email', 'phone'] })).toEqual(['email']);
    expect(refusedFields(refusal('invalid_email', 'website'), { details: ['email', 'phone'] })).toEqual([]);
  });

  it('DETAIL traducido al campo del formulario', () => {
    expect(refusedFields(refusal('invalid_image', 'image'), { details: { image: 'photo' } })).toEqual(['photo']);
  });

  it('el código estable, cuando DETAIL no dice nada', () => {
    expect(refusedFields(refusal('above_balance'), { codes: { above_balance: 'amount' } })).toEqual(['amount']);
    expect(refusedFields(refusal('forbidden'), { codes: { above_balance: 'amount' } })).toEqual([]);
  });

  it('una regla propia puede nombrar varios campos', () => {
    const lines = (e: DbError) => (e.details ?? '').split(',').map((id) => `line-${id}`);
    expect(refusedFields(refusal('insufficient_stock', 'a,b'), lines)).toEqual(['line-a', 'line-b']);
  });

  it('sin reglas, la negativa es del formulario', () => {
    expect(refusedFields(refusal('forbidden', 'email'), undefined)).toEqual([]);
  });
});
