import { describe, expect, it, vi } from 'vitest';
import { DbError, dbMessages, isRetryable, toDbError, unwrap, userMessage } from './db';

describe('DbError', () => {
  it('un rechazo del motor conserva su frase y su código estable', () => {
    const e = toDbError(
      { code: 'P0001', message: 'Stock insuficiente de «Té verde»: hay 1 y la venta necesita 2.', hint: 'savia:insufficient_stock', details: '' },
      400,
    );
    expect(e.kind).toBe('refusal');
    expect(e.saviaCode).toBe('insufficient_stock');
    expect(e.userMessage).toBe('Stock insuficiente de «Té verde»: hay 1 y la venta necesita 2.');
    expect(e.retryable).toBe(false);
  });

  it('un código desconocido en el hint no se inventa como SaviaCode', () => {
    expect(toDbError({ code: 'P0001', message: 'No.', hint: 'savia:otra_cosa' }).saviaCode).toBeNull();
    expect(toDbError({ code: 'P0001', message: 'No.', hint: 'Registra un movimiento' }).saviaCode).toBeNull();
  });

  it('los errores de permiso dicen «No tienes permiso para hacer esto.»', () => {
    const e = toDbError({ code: '42501', message: 'permission denied for table sales' }, 403);
    expect(e.kind).toBe('permission');
    expect(e.userMessage).toBe('No tienes permiso para hacer esto.');
    expect(e.retryable).toBe(false);
  });

  it('una petición sin respuesta es un fallo de conexión, que sí se reintenta, y no dice que nada se guardó: no se sabe', () => {
    for (const [raw, status] of [
      [new TypeError('Failed to fetch'), 0],
      [{ message: 'TypeError: fetch failed', code: '', details: '', hint: '' }, 0],
      [{ message: 'Bad Gateway' }, 502],
      [{ message: 'Gateway Timeout' }, 504],
    ] as const) {
      const e = toDbError(raw, status);
      expect(e.kind).toBe('network');
      expect(e.userMessage).toBe(dbMessages.network);
      expect(e.userMessage).not.toContain('no se guardó nada');
      expect(e.userMessage).toContain('puede que sí se haya guardado');
      expect(e.retryable).toBe(true);
    }
  });

  it('una sesión caducada pide volver a entrar', () => {
    const e = toDbError({ code: 'PGRST301', message: 'JWT expired' }, 401);
    expect(e.kind).toBe('session');
    expect(e.userMessage).toBe(dbMessages.session);
    expect(e.retryable).toBe(false);
  });

  it('una violación de unicidad se dice en español por el nombre de la restricción', () => {
    const e = toDbError({ code: '23505', message: 'duplicate key value violates unique constraint "products_sku_unico"' }, 409);
    expect(e.kind).toBe('conflict');
    expect(e.userMessage).toBe('Ya existe un producto con ese SKU.');
    expect(toDbError({ code: '23505', message: 'duplicate key value violates unique constraint "otra"' }).userMessage).toBe(dbMessages.conflict);
  });

  it('una comprobación antigua con frase en español la conserva; una en inglés no llega a la gente', () => {
    expect(toDbError({ code: '23514', message: 'El nombre de la empresa no puede estar vacío.' }).userMessage).toBe(
      'El nombre de la empresa no puede estar vacío.',
    );
    expect(toDbError({ code: '23514', message: 'new row for relation "x" violates check constraint "y"' }).userMessage).toBe(dbMessages.invalid);
  });

  it('un tiempo agotado y un error del servidor se reintentan', () => {
    expect(toDbError({ code: '57014', message: 'canceling statement due to statement timeout' }, 500).kind).toBe('timeout');
    expect(isRetryable({ code: 'XX000', message: 'internal error' })).toBe(true);
    expect(isRetryable({ code: 'P0001', message: 'No.' })).toBe(false);
    expect(isRetryable({ code: '23514', message: 'No.' })).toBe(false);
  });
});

describe('unwrap', () => {
  it('devuelve los datos', async () => {
    await expect(unwrap(Promise.resolve({ data: [1, 2], error: null, status: 200 }))).resolves.toEqual([1, 2]);
  });

  it('lanza un DbError con el estado HTTP de la respuesta', async () => {
    const request = Promise.resolve({ data: null, error: { code: 'P0001', message: 'No.', hint: 'savia:forbidden', details: '' }, status: 400 });
    const error = await unwrap(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DbError);
    expect((error as DbError).status).toBe(400);
    expect((error as DbError).saviaCode).toBe('forbidden');
  });

  it('convierte una excepción de fetch en un fallo de conexión', async () => {
    const error = await unwrap(Promise.reject(new TypeError('Failed to fetch'))).catch((e: unknown) => e);
    expect(userMessage(error)).toBe(dbMessages.network);
  });
});

describe('unwrap y los reintentos de postgrest-js', () => {
  it('apaga los reintentos propios del constructor de la petición', async () => {
    const retry = vi.fn();
    const request = Object.assign(Promise.resolve({ data: 1, error: null }), { retry });
    await unwrap(request);
    expect(retry).toHaveBeenCalledWith(false);
  });
});
