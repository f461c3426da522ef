import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyPayoutReply, fetchReplyableBatches, previewPayoutReply } from '@/api/payouts/payout-files-api';
import { fetchPayoutQueue, fetchPayoutTotals, payPayout, type PayoutTotal, type QueuedPayout } from '@/api/payouts/payouts-api';
import { DbError } from '@/lib/data/db';
import { formatMoney } from '@/lib/format/format';
import { createQueryClient } from '@/lib/data/query-client';
import PaymentsPage from './payments';

// axe runs on this page and its dialogs in the browser (tests/e2e/payments.spec.ts), in both themes.
// No stored settings: the defaults (USD, America/Bogota).
vi.mock('@/lib/data/supabase', () => ({ supabase: { rpc: vi.fn() } }));
vi.mock('@/api/payouts/payout-files-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/api/payouts/payout-files-api')>()),
  fetchPayoutBatches: vi.fn(async () => ({ rows: [], total: 0 })),
  fetchReplyableBatches: vi.fn(async () => []),
  previewPayoutReply: vi.fn(),
  applyPayoutReply: vi.fn(),
}));
vi.mock('@/api/payouts/payouts-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/api/payouts/payouts-api')>()),
  fetchPayoutQueue: vi.fn(),
  fetchPayoutTotals: vi.fn(),
  approvePayout: vi.fn(),
  payPayout: vi.fn(),
  rejectPayout: vi.fn(),
}));

// As the DOM's text reads it (toHaveTextContent collapses the no-break space of the currency).
const money = (n: number) => formatMoney(n, 'USD').replace(/\s/g, ' ');

const ana: QueuedPayout = {
  id: 'p-ana',
  client_id: 'c-ana',
  client_name: 'Ana Torres',
  client_email: 'ana@savia.test',
  client_document: 'CC 123',
  amount: 80,
  status: 'approved',
  payment_details: 'Banco Uno, ahorros 123',
  payment_reference: null,
  rejection_reason: null,
  requested_at: '2026-11-02T14:00:00Z',
  decided_at: '2026-11-03T15:00:00Z',
  paid_at: null,
  available: 12.5,
  reference: 'RET-000007',
  account: {
    institution: 'Bancolombia',
    type: 'ahorros',
    number: '12345678900',
    holder: 'Ana Torres',
    document_type: 'CC',
    document: '123456',
    holder_is_member: true,
  },
  account_changed_days: null,
  open_batch: null,
  bank_reason: null,
};

const totals: PayoutTotal[] = [
  { status: 'pending', requests: 2, amount: 308, this_month: false },
  { status: 'approved', requests: 1, amount: 80, this_month: false },
  { status: 'paid', requests: 0, amount: 0, this_month: true },
  { status: 'rejected', requests: 3, amount: 45.5, this_month: true },
];

function Url() {
  return <span data-testid="url">{useLocation().search}</span>;
}

function renderAt(url: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <PaymentsPage />
        <Url />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const queue = vi.mocked(fetchPayoutQueue);
// A whole page with its dialogs in jsdom: on a busy 2-core machine its first render can take
// seconds, more than findBy's default one.
const SLOW = { timeout: 8000 };

beforeEach(() => {
  vi.clearAllMocks();
  queue.mockImplementation(async (p) => ({ rows: p.statuses?.[0] === 'approved' ? [ana] : [{ ...ana, status: p.statuses?.[0] ?? 'pending' }], total: 1 }));
  vi.mocked(fetchPayoutTotals).mockResolvedValue(totals);
});

describe('Pagos', { timeout: 30_000 }, () => {
  it('por defecto, el trabajo abierto: las pendientes, página 1; los totales dicen de cuándo son', async () => {
    renderAt('/pagos');
    expect(await screen.findByRole('heading', { level: 2, name: 'Pendientes de aprobar, la más antigua primero' }, SLOW)).toBeInTheDocument();
    expect(queue).toHaveBeenCalledWith({ statuses: ['pending'], month: null, page: 1, pageSize: 20 }, expect.anything());
    const states = screen.getByRole('navigation', { name: 'Solicitudes por estado' });
    expect(within(states).getByRole('link', { name: /Pendientes/ })).toHaveAttribute('aria-current', 'page');
    expect(await within(states).findByTestId('total-pending-amount', {}, SLOW)).toHaveTextContent(money(308));
    expect(within(states).getByRole('link', { name: /Pendientes/ })).toHaveTextContent(`${money(308)}2 solicitudes · Todas, de cualquier fecha`);
    expect(within(states).getByRole('link', { name: /Rechazadas este mes/ })).toHaveTextContent(/3 solicitudes · En .+ de \d{4}/);
    expect(within(states).getByRole('link', { name: /Aprobadas sin pagar/ })).toHaveAttribute('href', '/pagos?estado=aprobado');
    expect(await screen.findByRole('button', { name: 'Aprobar la solicitud de Ana Torres' }, SLOW)).toBeInTheDocument();
  });

  it('las pagadas y rechazadas van por mes (?mes=); una URL escrita a mano vuelve a lo de siempre', async () => {
    renderAt('/pagos?estado=pagado&mes=2026-10&pagina=2');
    expect(await screen.findByRole('heading', { level: 2, name: 'Pagadas en octubre de 2026' }, SLOW)).toBeInTheDocument();
    expect(queue).toHaveBeenCalledWith({ statuses: ['paid'], month: '2026-10-01', page: 2, pageSize: 20 }, expect.anything());
    expect(screen.getByLabelText('Pagadas en')).toHaveValue('2026-10');
    cleanup();
    renderAt('/pagos?estado=cobrado&pagina=-3&mes=hoy');
    expect(await screen.findByRole('heading', { level: 2, name: 'Pendientes de aprobar, la más antigua primero' }, SLOW)).toBeInTheDocument();
    expect(queue).toHaveBeenLastCalledWith({ statuses: ['pending'], month: null, page: 1, pageSize: 20 }, expect.anything());
  });

  it('aprobar dice que aún no mueve dinero; rechazar, cuánto vuelve al saldo y de quién', async () => {
    const user = renderAt('/pagos');
    await user.click(await screen.findByRole('button', { name: 'Aprobar la solicitud de Ana Torres' }, SLOW));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(`Aprobar todavía no mueve dinero: los ${money(80)} que pidió Ana Torres siguen reservados`);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancelar' }));
    await user.click(screen.getByRole('button', { name: 'Rechazar la solicitud de Ana Torres' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(`Rechazar devuelve ${money(80)} al saldo de Ana Torres`);
    expect(within(screen.getByRole('alertdialog')).getByLabelText('Motivo del rechazo')).toHaveFocus();
  });

  it('marcar pagado pide la referencia y muestra la negativa de la base dentro del diálogo, y la lista se actualiza', async () => {
    vi.mocked(payPayout).mockRejectedValue(
      new DbError({ code: 'P0001', message: 'La solicitud de cobro está rechazada: solo se paga una aprobada.', hint: 'savia:invalid_transition' }),
    );
    const user = renderAt('/pagos?estado=aprobado');
    await user.click(await screen.findByRole('button', { name: 'Marcar pagado: la solicitud de Ana Torres' }, SLOW));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(`Marcar pagado: registra que ya le transferiste ${money(80)} a Ana Torres`);
    expect(dialog).toHaveTextContent('Bancolombia · Cuenta de ahorros 1234 5678 900');
    expect(dialog).toHaveTextContent('Ana Torres · CC 123.456');
    const reference = within(dialog).getByLabelText('Referencia del pago');
    expect(reference).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Marcar pagado' }));
    expect(within(dialog).getByText('Escribe la referencia del pago.')).toBeInTheDocument();
    expect(payPayout).not.toHaveBeenCalled();

    const before = queue.mock.calls.length;
    await user.type(reference, '  TRF-9  ');
    await user.click(within(dialog).getByRole('button', { name: 'Marcar pagado' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'La solicitud de cobro está rechazada: solo se paga una aprobada. La lista ya muestra su estado actual.',
    );
    expect(payPayout).toHaveBeenCalledWith('p-ana', 'TRF-9');
    expect(reference).toHaveValue('  TRF-9  ');
    await waitFor(() => expect(queue.mock.calls.length).toBeGreaterThan(before));
  });
  it('junto a cada solicitud, la cuenta a la que va, si cambió, y el saldo después de reservarla; la que espera al banco no tiene botones', async () => {
    const beto: QueuedPayout = {
      ...ana,
      id: 'p-beto',
      client_name: 'Beto Ruiz',
      reference: 'RET-000008',
      account: { ...ana.account!, institution: 'Nequi', type: 'deposito_electronico', number: '3005550199', holder: 'Beto Ruiz' },
      account_changed_days: 3,
      open_batch: { id: 'b-1', batch_no: 12 },
    };
    queue.mockImplementation(async () => ({ rows: [ana, beto], total: 2 }));
    renderAt('/pagos?estado=aprobado');
    const row = (await screen.findByText('Beto Ruiz', {}, SLOW)).closest('tr')!;
    expect(row).toHaveTextContent('Nequi 300 555 0199');
    expect(row).toHaveTextContent('Cuenta cambiada hace 3 días');
    expect(row).toHaveTextContent(`${money(12.5)}después de reservar esta y sus otras solicitudes abiertas`);
    expect(row).toHaveTextContent('En el archivo N.º 12, esperando al banco');
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Marcar pagado: la solicitud de Ana Torres' })).toBeInTheDocument();
  });

  it('«Marcar pagados» lee la respuesta del banco, muestra qué hará cada línea y solo aplica lo que se confirmó', async () => {
    vi.mocked(previewPayoutReply).mockResolvedValue({
      digest: 'd1',
      lines: [
        {
          line_no: 2,
          reference: 'RET-000007',
          payout_id: 'p-ana',
          client_name: 'Ana Torres',
          amount: 80,
          file_amount: 80,
          batch_no: 12,
          action: 'pay',
          message: 'Se marca pagada.',
        },
        {
          line_no: 3,
          reference: 'RET-000999',
          payout_id: null,
          client_name: null,
          amount: null,
          file_amount: null,
          batch_no: null,
          action: 'refused',
          message: 'No hay ninguna solicitud de retiro RET-000999.',
        },
      ],
    });
    vi.mocked(applyPayoutReply).mockRejectedValueOnce(
      new DbError({ code: 'P0001', message: 'La respuesta ya no hace lo que mostraba la vista previa.', hint: 'savia:reply_changed' }),
    );
    // File 12 waits for the bank (chosen for her: the only one); file 11 has all its answers.
    const batch = {
      layout: 'csv',
      application_date: '2026-11-27',
      payout_count: 2,
      total_amount: 160,
      created_at: '2026-11-27T15:00:00Z',
      created_by_email: null,
      download_count: 1,
      last_downloaded_at: null,
      voided_at: null,
      void_reason: null,
      paid: 0,
      failed: 0,
      voided: 0,
    } as const;
    vi.mocked(fetchReplyableBatches).mockResolvedValue([
      { ...batch, id: 'b12', batch_no: 12, waiting: 2 },
      { ...batch, id: 'b11', batch_no: 11, waiting: 0, paid: 2 },
    ]);
    const user = renderAt('/pagos?estado=aprobado');
    await user.click(await screen.findByRole('button', { name: 'Marcar pagados' }, SLOW));
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('Archivo de pago al que responde')).toHaveValue('12'));
    const file = new File(['Referencia;Estado\r\nRET-000007;Pagado\r\nRET-000999;Pagado'], 'respuesta.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText('Respuesta del banco', { selector: 'input' }), file);
    expect(await within(dialog).findByTestId('reply-summary')).toHaveTextContent(
      '1 se marca pagada · 0 siguen aprobadas (devueltas por el banco) · 1 línea rechazada',
    );
    expect(vi.mocked(previewPayoutReply).mock.calls[0]?.[0]).toEqual({ file: 'Referencia;Estado\r\nRET-000007;Pagado\r\nRET-000999;Pagado', batchNo: 12 });
    expect(applyPayoutReply).not.toHaveBeenCalled();
    const lines = within(dialog).getAllByTestId('reply-line');
    expect(lines[1]).toHaveTextContent('Línea 3 RET-000999No hay ninguna solicitud de retiro RET-000999.Rechazada');
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar 1 línea' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('La respuesta ya no hace lo que mostraba la vista previa.');
    expect(vi.mocked(applyPayoutReply).mock.calls[0]?.[0]).toEqual({
      file: 'Referencia;Estado\r\nRET-000007;Pagado\r\nRET-000999;Pagado',
      digest: 'd1',
      batchNo: 12,
    });
  });
});
