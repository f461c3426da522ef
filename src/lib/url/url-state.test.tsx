import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { useTableSearch } from './table-search';
import { enumParam, listParam, tableParams, textParam } from './url-params';
import { readUrlState, useUrlState, writeUrlState } from './url-state';

const schema = z.object({
  ...tableParams({ sort: ['fecha', 'total'], defaultSort: '-fecha' }),
  estado: enumParam(['Pagada', 'Cancelada']),
  tipos: listParam(['order', 'direct']),
  q: textParam(),
  ver: textParam(),
});

const read = (search: string) => readUrlState(schema, new URLSearchParams(search));

describe('readUrlState', () => {
  it('sin parámetros da los valores por defecto', () => {
    expect(read('')).toEqual({ pagina: 1, por_pagina: 20, orden: '-fecha', estado: undefined, tipos: [], q: undefined, ver: undefined });
  });

  it('lee los valores válidos', () => {
    expect(read('pagina=3&por_pagina=50&orden=total&estado=Pagada&tipos=direct,order&q=%20ana%20&ver=abc')).toEqual({
      pagina: 3,
      por_pagina: 50,
      orden: 'total',
      estado: 'Pagada',
      tipos: ['direct', 'order'],
      q: 'ana',
      ver: 'abc',
    });
  });

  it('una URL editada a mano nunca rompe: cada campo malo vuelve a su defecto', () => {
    expect(read('pagina=-2&por_pagina=7&orden=contraseña&estado=Robada&tipos=x,direct&q=' + 'a'.repeat(500))).toEqual({
      pagina: 1,
      por_pagina: 20,
      orden: '-fecha',
      estado: undefined,
      tipos: ['direct'],
      q: undefined,
      ver: undefined,
    });
    expect(read('pagina=2.5&por_pagina=abc&pagina=9').pagina).toBe(1);
    expect(read('pagina=1e3').pagina).toBe(1000);
  });
});

describe('writeUrlState', () => {
  it('escribe solo lo que no es por defecto y respeta los parámetros ajenos', () => {
    const next = writeUrlState(schema, new URLSearchParams('mes=2026-10&pagina=4'), { ...read(''), pagina: 1, estado: 'Cancelada', tipos: ['order'] });
    expect(next.toString()).toBe('mes=2026-10&estado=Cancelada&tipos=order');
  });
});

function wrapper(initial: string) {
  let location = '';
  function LocationSpy() {
    const l = useLocation();
    location = l.search;
    return null;
  }
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[`/ventas${initial}`]}>
      {children}
      <LocationSpy />
    </MemoryRouter>
  );
  return { Wrapper, search: () => location };
}

describe('useUrlState', () => {
  it('devuelve el estado tipado y escribe los cambios en la URL', () => {
    const { Wrapper, search } = wrapper('?pagina=2');
    const { result } = renderHook(() => useUrlState(schema), { wrapper: Wrapper });
    expect(result.current[0].pagina).toBe(2);
    act(() => result.current[1]({ estado: 'Pagada' }));
    expect(result.current[0]).toMatchObject({ pagina: 2, estado: 'Pagada' });
    expect(search()).toBe('?pagina=2&estado=Pagada');
    act(() => result.current[1]((s) => ({ pagina: s.pagina + 1 }), { replace: true }));
    expect(search()).toBe('?pagina=3&estado=Pagada');
    act(() => result.current[1]({ pagina: 1, estado: undefined }));
    expect(search()).toBe('');
  });

  it('dos cambios seguidos, antes de que la página se vuelva a pintar, se suman (el segundo no borra el primero)', () => {
    const { Wrapper, search } = wrapper('?pagina=2');
    const { result } = renderHook(() => useUrlState(schema), { wrapper: Wrapper });
    act(() => {
      const set = result.current[1];
      set({ estado: 'Pagada' });
      set((s) => ({ q: 'ana', pagina: s.pagina + 1 }));
    });
    expect(search()).toBe('?pagina=3&estado=Pagada&q=ana');
  });
});

describe('useTableSearch', () => {
  it('da los controles de la tabla; filtrar, ordenar o cambiar el tamaño vuelve a la página 1', () => {
    const { Wrapper, search } = wrapper('?pagina=3&orden=total&ver=x');
    const { result } = renderHook(() => useTableSearch(schema, { notFilters: ['ver'] }), { wrapper: Wrapper });
    const c = () => result.current.controls;
    expect(c()).toMatchObject({ page: 3, pageSize: 20, sort: { id: 'total', desc: false }, isFiltered: false });

    act(() => result.current.setFilters({ estado: 'Pagada' }));
    expect(c().isFiltered).toBe(true);
    expect(search()).toBe('?orden=total&ver=x&estado=Pagada');

    act(() => c().setPage(5));
    act(() => c().setSort({ id: 'total', desc: true }));
    expect(search()).toBe('?orden=-total&ver=x&estado=Pagada');
    act(() => c().setSort(null));
    expect(c().sort).toEqual({ id: 'fecha', desc: true });

    act(() => c().setPage(2));
    act(() => c().setPageSize(50));
    expect(c()).toMatchObject({ page: 1, pageSize: 50 });

    act(() => c().clearFilters());
    expect(c().isFiltered).toBe(false);
    expect(search()).toBe('?ver=x&por_pagina=50');
  });
});
