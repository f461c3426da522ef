import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RewardPreviewLine, SaleWithLines } from '@/api/sales/sales-api';
import { DbError } from '@/lib/data/db';
import { notify } from '@/lib/feedback/notify';
import { createQueryClient } from '@/lib/data/query-client';
import { expectNoAxeViolations } from '../../../../tests/unit/axe';
import { DecisionActions } from './decision-actions';

const api = vi.hoisted(() => ({ approveSale: vi.fn(), rejectSale: vi.fn(), previewSaleRewards: vi.fn() }));
vi.mock('@/api/sales/sales-api', () => api);

const previewLines: RewardPreviewLine[] = [
  {
    beneficiary_id: 'a',
    beneficiary_name: 'Ana Torres',
    type: 'points_purchase',
    amount: 0,
    points: 40,
    generation: null,
    base: null,
    rate: null,
    star_level: null,
    rule: 'Puntos por tu compra (venta #1042): 40 puntos.',
    plan_version: 2,
  },
  {
    beneficiary_id: 'b',
    beneficiary_name: 'Andrés Gómez',
    type: 'commission_purchase',
    amount: 6400,
    points: 0,
    generation: 1,
    base: 64000,
    rate: 0.1,
    star_level: 4,
    rule: 'Comisión por compra de Ana Torres (venta #1042), generación 1.',
    plan_version: 2,
  },
];

const sale = {
  id: '11111111-1111-4111-8111-111111111111',
  sale_no: 1042,
  kind: 'order',
  status: 'Pendiente de Aprobación',
  total: 80000,
  client: { id: 'c', name: 'Ana Torres', email: 'ana@savia.test', phone: null, document_number: null, city: null, address: null },
  lines: [],
} as unknown as SaleWithLines;

const alreadyPaid = new DbError({
  code: 'P0001',
  message: 'La venta #1042 está «Pagada»: solo se aprueba una venta pendiente.',
  hint: 'savia:invalid_transition',
});

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
  api.previewSaleRewards.mockReset().mockResolvedValue(previewLines);
  vi.spyOn(notify, 'success').mockImplementation(() => 0);
});

describe('Aprobar y Rechazar', () => {
  it('A abre la confirmación con quién gana qué; al confirmar se aprueba, lo dice y se pasa a la próxima', async () => {
    api.approveSale.mockResolvedValue({ sale_no: 1042, entries: 2 });
    const { user, onDone } = setup();
    await user.keyboard('a');
    const dialog = screen.getByRole('alertdialog', { name: '¿Aprobar la venta #1.042?' });
    expect(dialog).toHaveTextContent('Hazlo solo si ya viste el dinero en la cuenta de la empresa.');
    const preview = await within(dialog).findByRole('list', { name: 'Quién gana qué al aprobar' });
    expect(within(dialog).getByText('Se escribirán estos 2 asientos:')).toBeInTheDocument();
    const lines = within(preview).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toHaveTextContent('Andrés Gómez · Comisión por compra · Generación 1');
    expect(lines[1]).toHaveTextContent('Comisión por compra de Ana Torres (venta #1042), generación 1.');
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(sale.id));
    expect(api.approveSale).toHaveBeenCalledTimes(1);
    expect(notify.success).toHaveBeenCalledWith('Venta #1.042 aprobada: queda Pagada y se escribieron 2 asientos de recompensas.');
  });

  it('si otra persona la resolvió antes, la vista previa del diálogo ya lo dice, sin reintentar', async () => {
    api.previewSaleRewards.mockRejectedValue(
      new DbError({ code: 'P0001', message: 'La venta está «Pagada»: la vista previa es para ventas pendientes.', hint: 'savia:invalid_transition' }),
    );
    const { user } = setup();
    await user.keyboard('a');
    const dialog = screen.getByRole('alertdialog');
    expect(await within(dialog).findByTestId('approve-preview-resolved')).toHaveTextContent(
      'La venta está «Pagada»: la vista previa es para ventas pendientes.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
  });

  it('si la vista previa no carga, el diálogo lo dice y ofrece reintentar', async () => {
    api.previewSaleRewards.mockRejectedValue(new DbError({ code: '42501', message: 'permission denied' }));
    const { user } = setup();
    await user.keyboard('a');
    const dialog = screen.getByRole('alertdialog');
    expect(await within(dialog).findByText('No pudimos calcular la vista previa de recompensas.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
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
    api.rejectSale.mockResolvedValue({ sale_no: 1042 });
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
    expect(notify.success).toHaveBeenCalledWith('Venta #1.042 rechazada: queda Rechazado con tu motivo, sin mover stock ni dinero.');
  });

  it('con stock insuficiente, la confirmación lo advierte', async () => {
    const { user } = setup({ shortStock: true });
    await user.keyboard('a');
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Ojo: hoy no hay stock suficiente y la base de datos lo rechazará.');
  });
});
