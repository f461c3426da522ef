import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DbError } from '@/lib/data/db';
import { createQueryClient } from '@/lib/data/query-client';
import { RestockDialog } from './restock-dialog';

const api = vi.hoisted(() => ({ fetchSupplierOptions: vi.fn(), fetchProductOptions: vi.fn(), registerRestock: vi.fn() }));
vi.mock('@/api/suppliers/suppliers-api', () => api);

const supplier = { id: 's1', name: 'Cultivos del Valle', is_active: true, product_ids: ['p1'] };
const products = [
  { id: 'p1', sku: 'HIB-1', name: 'Hibisco', stock: 2, is_active: true },
  { id: 'p2', sku: 'ORT-1', name: 'Ortiga', stock: 50, is_active: true },
];
const done = {
  restock_id: 7,
  supplier_name: supplier.name,
  lines: [
    { product_id: 'p1', sku: 'HIB-1', name: 'Hibisco', quantity: 30, stock_before: 2, stock_after: 32 },
    { product_id: 'p2', sku: 'ORT-1', name: 'Ortiga', quantity: 5, stock_before: 50, stock_after: 55 },
  ],
};

beforeEach(() => {
  api.fetchSupplierOptions.mockReset().mockResolvedValue([supplier]);
  api.fetchProductOptions.mockReset().mockResolvedValue(products);
  api.registerRestock.mockReset();
});

function setup() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RestockDialog open start={{ supplierId: null, lines: [] }} onOpenChange={() => {}} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const line = (n: number) => screen.getByText(`Línea ${n}`).closest('li')!;

describe('Registrar reposición', () => {
  it('una línea mal escrita se dice en su línea; la que la base de datos rechaza, también; y al corregir se registra', async () => {
    const user = setup();
    await user.selectOptions(await screen.findByLabelText('Proveedor'), 's1');
    await user.selectOptions(within(line(1)).getByLabelText('Producto'), 'p1');
    await user.type(within(line(1)).getByLabelText('Cantidad'), '0');
    await user.type(within(line(1)).getByLabelText(/^Costo unitario/), '3,50');
    await user.click(screen.getByRole('button', { name: 'Agregar producto' }));
    await user.selectOptions(within(line(2)).getByLabelText('Producto'), 'p2');
    await user.type(within(line(2)).getByLabelText('Cantidad'), '5');
    await user.type(within(line(2)).getByLabelText(/^Costo unitario/), '4.25');

    await user.click(screen.getByRole('button', { name: 'Registrar reposición' }));
    expect(await within(line(1)).findByRole('alert')).toHaveTextContent('Unidades: un número entero mayor que cero.');
    expect(within(line(1)).getByLabelText('Cantidad')).toHaveAttribute('aria-invalid', 'true');
    expect(api.registerRestock).not.toHaveBeenCalled();

    await user.clear(within(line(1)).getByLabelText('Cantidad'));
    await user.type(within(line(1)).getByLabelText('Cantidad'), '30');
    api.registerRestock.mockRejectedValueOnce(
      new DbError({
        code: 'P0001',
        hint: 'savia:inactive_product',
        details: '2',
        message: '«Ortiga» está inactivo: actívalo en Productos antes de reponerlo.',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Registrar reposición' }));
    expect(await within(line(2)).findByRole('alert')).toHaveTextContent('«Ortiga» está inactivo');
    expect(within(line(1)).queryByRole('alert')).toBeNull();

    api.registerRestock.mockResolvedValueOnce(done);
    await user.type(screen.getByLabelText('Nota (opcional)'), 'Factura 12');
    await user.click(screen.getByRole('button', { name: 'Registrar reposición' }));
    expect(await screen.findByTestId('stock-HIB-1')).toHaveTextContent('2 → 32');
    await waitFor(() => expect(api.registerRestock).toHaveBeenCalledTimes(2));
    expect(api.registerRestock.mock.lastCall?.[0]).toEqual({
      supplierId: 's1',
      lines: [
        { product_id: 'p1', quantity: 30, unit_cost: 3.5 },
        { product_id: 'p2', quantity: 5, unit_cost: 4.25 },
      ],
      note: 'Factura 12',
    });
  }, 30_000); // a long conversation with the form: seconds on a busy machine
});
