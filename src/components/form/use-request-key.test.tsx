import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRequestKey } from './use-request-key';

describe('useRequestKey', () => {
  it('da la misma clave al mismo intento hasta que algo se crea; otros valores u otro intento, una nueva', () => {
    const { result, rerender } = renderHook(() => useRequestKey());
    const first = result.current.key({ amount: 100 });
    rerender();
    expect(result.current.key({ amount: 100 }), 'tras un fallo, los mismos valores: la base de datos devuelve lo que ya hizo').toBe(first);
    const edited = result.current.key({ amount: 120 });
    expect(edited, 'otro importe no es lo que hizo la primera vez').not.toBe(first);
    result.current.done();
    const next = result.current.key({ amount: 120 });
    expect(next).not.toBe(edited);
    expect(next).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
