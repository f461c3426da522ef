import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaleWithLines } from '@/api/sales/sales-api';
import { DbError } from '@/lib/db';
import { createQueryClient } from '@/lib/query-client';
import { expectNoAxeViolations } from '../../../../tests/unit/axe';
import { DecisionActions } from './decision-actions';

const api = vi.hoisted(() => ({ approveSale: vi.fn(), rejectSale: vi.fn() }));
vi.mock('@/api/sales/sales-api', () => api);

const sale = {
  id: '11111111-1111-4111-8111-111111111111',
  sale_no: 1042,
  kind: 'order',
  status: 'Pendiente de Aprobación',
  total: 80000,
  client: { id: 'c', name: 'Ana Torres', email: 'ana@savia.test', phone: null, document_number: null, city: null, address: null },
  lines: [],
} as unknown as SaleWithLines;

const alreadyPaid = new DbError({ code: 'P0001', message: 'La venta #1042 está «Pagada»: solo se aprueba una venta pendiente.', hint: 'savia:invalid_transition' });

function setup(props: Partial<Parameters<typeof DecisionActions>[0]> = {}) {
  const onDone = vi.fn();
  const onRefused = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DecisionActions sale={sale} canDecide shortStock={false} onDone={onDone} onRefused={onRefused} {...props} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), onDone, onRefused };
}

beforeEach(() => {
  api.approveSale.mockReset();
  api.rejectSale.mockReset();
});

describe('Aprobar y Rechazar', () => {
  it('A abre la confirmación de aprobar; al confirmar se aprueba y se pasa a la próxima', async () => {
    api.approveSale.mockResolvedValue({ status: 'Pagada' });
    const { user, onDone } = setup();
    await user.keyboard('a');
    const dialog = screen.getByRole('alertdialog', { name: '¿Aprobar la venta #1.042?' });
    expect(dialog).toHaveTextContent('Hazlo solo si ya viste el dinero en la cuenta de la empresa.');
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(sale.id));
    expect(api.approveSale).toHaveBeenCalledTimes(1);
  });

  it('si otra persona la resolvió antes, el diálogo muestra la frase de la base de datos y no pasa a la próxima', async () => {
    api.approveSale.mockRejectedValue(alreadyPaid);
    const { user, onDone, onRefused } = setup();
    await user.click(screen.getByRole('button', { name: 'Aprobar' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('La venta #1042 está «Pagada»: solo se aprueba una venta pendiente.');
    expect(onRefused).toHaveBeenCalledWith(alreadyPaid);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('el diálogo abierto sigue mostrando la negativa aunque la venta ya no esté pendiente', async () => {
    api.approveSale.mockRejectedValue(alreadyPaid);
    const onDone = vi.fn();
    const client = createQueryClient();
    const tree = (canDecide: boolean) => (
      <QueryClientProvider client={client}>
        <DecisionActions sale={sale} canDecide={canDecide} shortStock={false} onDone={onDone} onRefused={vi.fn()} />
      </QueryClientProvider>
    );
    const { rerender } = render(tree(true));
    const user = userEvent.setup();
    await user.keyboard('a');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Aprobar' }));
    // The refetch says it is paid now: the buttons go, the dialog and its sentence stay.
    rerender(tree(false));
    expect(await within(screen.getByRole('alertdialog')).findByRole('alert')).toHaveTextContent('«Pagada»');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aprobar' })).not.toBeInTheDocument();
    await user.keyboard('a');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('R pide el motivo, ofrece los frecuentes y rechaza con el elegido', async () => {
    api.rejectSale.mockResolvedValue({ status: 'Rechazado' });
    const { user, onDone } = setup();
    await user.keyboard('r');
    const dialog = screen.getByRole('alertdialog', { name: '¿Rechazar la venta #1.042?' });
    expect(within(dialog).getByRole('textbox', { name: 'Motivo del rechazo' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(within(dialog).getByText('Escribe un motivo de al menos 3 caracteres.')).toBeInTheDocument();
    expect(api.rejectSale).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'El pago no llegó a la cuenta.' }));
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(sale.id));
    expect(api.rejectSale).toHaveBeenCalledWith(sale.id, 'El pago no llegó a la cuenta.');
  });

  it('con stock insuficiente, la confirmación lo advierte', async () => {
    const { user } = setup({ shortStock: true });
    await user.keyboard('a');
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Ojo: hoy no hay stock suficiente y la base de datos lo rechazará.');
  });
});
