import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Inbox } from 'lucide-react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { useTableSearch } from '@/lib/url/table-search';
import { enumParam, tableParams, textParam } from '@/lib/url/url-params';
import { expectNoAxeViolations } from '../../../tests/unit/axe';
import { Button } from './button';
import { DataTable } from './data-table';
import { dataTableColumns, type DataTableQuery } from './data-table-columns';

interface Sale {
  id: string;
  client: string;
  total: number;
  status: string;
}

const search = z.object({ ...tableParams({ sort: ['fecha', 'total'], defaultSort: '-fecha' }), estado: enumParam(['Pagada', 'Cancelada']), ver: textParam() });
const col = dataTableColumns<Sale>();
const columns = col.columns([
  col.accessor('client', { header: 'Cliente' }),
  col.accessor('status', { header: 'Estado', meta: { hideOnMobile: true, skeleton: 'badge' } }),
  col.accessor('total', { header: 'Total', enableSorting: true, meta: { align: 'end', skeleton: 'number' } }),
  col.display({
    id: 'acciones',
    header: 'Acciones',
    cell: () => (
      <Button size="sm" variant="outline">
        Imprimir
      </Button>
    ),
  }),
]);

const sales = (n: number, from = 1): Sale[] =>
  Array.from({ length: n }, (_, i) => ({ id: `s${from + i}`, client: `Cliente ${from + i}`, total: 10 * (from + i), status: 'Pagada' }));

function query(partial: Partial<DataTableQuery<Sale>>): DataTableQuery<Sale> {
  return { data: undefined, isPending: false, isError: false, error: null, isPlaceholderData: false, isFetching: false, refetch: vi.fn(), ...partial };
}

const url = () => screen.getByTestId('url').textContent;
function Screen({ q, onOpen, mobile }: { q: DataTableQuery<Sale>; onOpen?: (s: Sale) => void; mobile?: 'cards' | 'table' }) {
  const { controls, search: s } = useTableSearch(search, { notFilters: ['ver'] });
  const location = useLocation();
  return (
    <>
      <span data-testid="url">{location.search}</span>
      <DataTable
        label="Ventas"
        columns={columns}
        query={q}
        controls={controls}
        getRowId={(r) => r.id}
        empty={{ title: 'Aún no hay ventas', icon: Inbox, action: <Button>Registrar venta</Button> }}
        onRowOpen={onOpen}
        openRowId={s.ver}
        mobile={mobile}
      />
    </>
  );
}

function renderTable(q: DataTableQuery<Sale>, url = '/ventas', onOpen?: (s: Sale) => void, mobile?: 'cards' | 'table') {
  const user = userEvent.setup();
  const utils = render(
    <MemoryRouter initialEntries={[url]}>
      <Screen q={q} onOpen={onOpen} mobile={mobile} />
    </MemoryRouter>,
  );
  const rerender = (next: DataTableQuery<Sale>) =>
    utils.rerender(
      <MemoryRouter initialEntries={[url]}>
        <Screen q={next} onOpen={onOpen} mobile={mobile} />
      </MemoryRouter>,
    );
  return { user, rerender };
}

describe('DataTable', () => {
  it('mientras carga la primera página muestra filas esqueleto con la forma de la tabla', () => {
    renderTable(query({ isPending: true }));
    const table = screen.getByRole('table', { name: 'Ventas' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 10);
    expect(screen.getByRole('status')).toHaveTextContent('Cargando…');
    expect(screen.queryByRole('navigation', { name: 'Paginación' })).not.toBeInTheDocument();
  });

  it('si la lectura falla dice por qué y «Reintentar» vuelve a pedirla', async () => {
    const refetch = vi.fn();
    const { user } = renderTable(query({ isError: true, error: { userMessage: 'No tienes permiso para hacer esto.' }, refetch }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('No pudimos cargar esta información.');
    expect(alert).toHaveTextContent('No tienes permiso para hacer esto.');
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('vacía sin filtros: el motivo y el siguiente paso', () => {
    renderTable(query({ data: { rows: [], total: 0 } }));
    expect(screen.getByText('Aún no hay ventas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Registrar venta' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('vacía por los filtros: lo dice y «Quitar filtros» los quita de la URL', async () => {
    const { user } = renderTable(query({ data: { rows: [], total: 0 } }), '/ventas?estado=Pagada&pagina=2&ver=s1');
    expect(screen.getByText('No hay resultados con estos filtros')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    expect(url()).toBe('?ver=s1');
  });

  it('con datos: filas, «Página X de Y», total, anterior y siguiente, filas por página', async () => {
    const { user } = renderTable(query({ data: { rows: sales(20), total: 45 } }));
    const table = screen.getByRole('table', { name: 'Ventas' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
    expect(screen.getByText('45 resultados')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(url()).toBe('?pagina=2');
    await user.selectOptions(screen.getByLabelText('Filas por página'), '50');
    expect(url()).toBe('?por_pagina=50');
    await expectNoAxeViolations();
  });

  it('en el teléfono cada fila es una tarjeta de «columna: valor» sin las columnas no clave', () => {
    renderTable(query({ data: { rows: sales(1), total: 1 } }));
    const status = screen.getByRole('cell', { name: 'Pagada' });
    expect(status).toHaveAttribute('data-label', 'Estado');
    expect(status).toHaveClass('max-sm:hidden');
    expect(status).not.toHaveClass('hidden');
    const total = screen.getByRole('cell', { name: '10' });
    expect(total).toHaveAttribute('data-label', 'Total');
    expect(total).toHaveClass('text-right', 'max-sm:before:content-[attr(data-label)]');
    expect(screen.getByRole('table').querySelector('thead')).toHaveClass('max-sm:hidden');
    expect(screen.getByText('1 resultado')).toBeInTheDocument();
  });

  it('o, si la pantalla lo pide, una tabla con solo las columnas clave', () => {
    renderTable(query({ data: { rows: sales(1), total: 1 } }), '/ventas', undefined, 'table');
    expect(screen.getByRole('columnheader', { name: 'Estado' })).toHaveClass('hidden', 'sm:table-cell');
    expect(screen.getByRole('cell', { name: 'Pagada' })).toHaveClass('hidden', 'sm:table-cell');
    expect(screen.getByRole('cell', { name: '10' })).not.toHaveClass('max-sm:flex');
  });

  it('mientras llega la página siguiente atenúa la actual', () => {
    renderTable(query({ data: { rows: sales(20), total: 45 }, isPlaceholderData: true, isFetching: true }));
    const table = screen.getByRole('table', { name: 'Ventas' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(table.querySelector('tbody')).toHaveClass('opacity-60');
  });

  it('ordena en el servidor: el encabezado escribe el orden en la URL y lo anuncia', async () => {
    const { user } = renderTable(query({ data: { rows: sales(3), total: 3 } }), '/ventas?orden=total');
    expect(screen.getByRole('columnheader', { name: 'Total' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Cliente' })).not.toHaveAttribute('aria-sort');
    expect(within(screen.getByRole('columnheader', { name: 'Cliente' })).queryByRole('button')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Total' }));
    expect(url()).toBe('?orden=-total');
    expect(screen.getByRole('columnheader', { name: 'Total' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('abre una fila con clic, Enter o Espacio, pero no cuando se pulsa un botón de la fila', async () => {
    const onOpen = vi.fn();
    const { user } = renderTable(query({ data: { rows: sales(2), total: 2 } }), '/ventas?ver=s2', onOpen);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    await user.click(screen.getByText('Cliente 1'));
    expect(onOpen).toHaveBeenLastCalledWith(expect.objectContaining({ id: 's1' }));
    await user.click(within(rows[1]!).getByRole('button', { name: 'Imprimir' }));
    expect(onOpen).toHaveBeenCalledTimes(1);
    rows[1]!.focus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith(expect.objectContaining({ id: 's2' }));
    await user.keyboard(' ');
    expect(onOpen).toHaveBeenCalledTimes(3);
  });

  it('una página más allá del final (URL editada) lleva a la última', () => {
    const { rerender } = renderTable(query({ data: { rows: [], total: 45 }, isPlaceholderData: true }), '/ventas?pagina=9');
    expect(url()).toBe('?pagina=9');
    rerender(query({ data: { rows: [], total: 45 } }));
    expect(url()).toBe('?pagina=3');
  });
});
