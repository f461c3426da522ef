import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEBOUNCE_MS, useDebounced, useDebouncedText } from './use-debounced';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useDebounced', () => {
  it('da el valor cuando deja de cambiar durante la pausa', () => {
    const { result, rerender } = renderHook(({ value }) => useDebounced(value), { initialProps: { value: 'a' } });
    rerender({ value: 'ab' });
    act(() => vi.advanceTimersByTime(DEBOUNCE_MS - 1));
    rerender({ value: 'abc' });
    act(() => vi.advanceTimersByTime(DEBOUNCE_MS - 1));
    expect(result.current).toBe('a');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('abc');
  });
});

describe('useDebouncedText', () => {
  const setup = (value: string | undefined) => {
    const onSettle = vi.fn();
    const hook = renderHook(({ value }) => useDebouncedText(value, onSettle), { initialProps: { value } });
    return { onSettle, ...hook };
  };

  it('escribe el texto recortado en la URL después de la pausa, una sola vez', () => {
    const { result, onSettle } = setup(undefined);
    act(() => result.current[1]('  aloe'));
    act(() => result.current[1]('  aloe vera '));
    expect(onSettle).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(DEBOUNCE_MS));
    expect(onSettle).toHaveBeenCalledExactlyOnceWith('aloe vera');
  });

  it('un texto vaciado se escribe como undefined', () => {
    const { result, onSettle } = setup('aloe');
    act(() => result.current[1]('   '));
    act(() => vi.advanceTimersByTime(DEBOUNCE_MS));
    expect(onSettle).toHaveBeenCalledExactlyOnceWith(undefined);
  });

  it('«Quitar filtros» cambia la caja y el texto anterior no vuelve a la URL', () => {
    const { result, onSettle, rerender } = setup('aloe');
    rerender({ value: undefined });
    expect(result.current[0]).toBe('');
    act(() => vi.advanceTimersByTime(DEBOUNCE_MS * 2));
    expect(onSettle).not.toHaveBeenCalled();
  });

  it('lo que se vuelve a escribir justo después de limpiar sí llega a la URL', () => {
    const { result, onSettle, rerender } = setup('aloe');
    rerender({ value: undefined });
    act(() => result.current[1]('aloe'));
    act(() => vi.advanceTimersByTime(DEBOUNCE_MS));
    expect(onSettle).toHaveBeenLastCalledWith('aloe');
  });
});
