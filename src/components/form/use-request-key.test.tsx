import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRequestKey } from './use-request-key';

describe('useRequestKey', () => {
  it('da la misma clave a cada intento hasta que algo se crea, y una nueva después', () => {
    const { result, rerender } = renderHook(() => useRequestKey());
    const first = result.current.key();
    rerender();
    expect(result.current.key(), 'tras un fallo, el mismo intento: la base de datos devuelve lo que ya hizo').toBe(first);
    result.current.done();
    const next = result.current.key();
    expect(next).not.toBe(first);
    expect(next).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
