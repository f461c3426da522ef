import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchFinanceMonth, fetchFinanceProducts, fetchFinanceSeries, type FinanceMonth } from '@/api/finance/finance-api';
import { DbError } from '@/lib/data/db';
import { createQueryClient } from '@/lib/data/query-client';
import FinancePage from './finance';

// The chart (chart.js on a canvas) is drawn in the browser: tests/e2e/finance.spec.ts.
vi.mock('@/components/chart/chart-canvas', () => ({ default: ({ summary }: { summary: string }) => <div role="img" aria-label={summary} /> }));
vi.mock('@/api/finance/finance-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/api/finance/finance-api')>()),
  fetchFinanceMonth: vi.fn(),
  fetchFinanceProducts: vi.fn(),
  fetchFinanceSeries: vi.fn(),
}));

const month: FinanceMonth = {
  month: '2026-10-01',
  revenue: 1000,
  cost_of_goods: 400,
  gross_margin: 600,
  units_without_cost: 3,
  commissions: 120,
  bonuses: 30,
  reversals: -10,
  rewards_net: 140,
  margin_after_rewards: 460,
  clawbacks: -5,
  payouts_paid: 90,
  liability: 250,
  closed: true,
};

function renderPage(path = '/finanzas?mes=2026-10') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <FinancePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const SLOW = { timeout: 8000 };

beforeEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.mocked(fetchFinanceSeries).mockResolvedValue([month]);
  vi.mocked(fetchFinanceProducts).mockResolvedValue([]);
});

describe('Finanzas', { timeout: 30_000 }, () => {
  it('muestra las cifras del mes elegido como las da la base, y un mes sin ventas lo dice', async () => {
    vi.mocked(fetchFinanceMonth).mockResolvedValue(month);
    renderPage();
    expect(await screen.findByText('Mes cerrado', {}, SLOW)).toBeInTheDocument();
    expect(fetchFinanceMonth).toHaveBeenCalledWith('2026-10', expect.anything());
    expect(screen.getByRole('heading', { level: 3, name: 'Margen bruto' })).toBeInTheDocument();
    expect(screen.getByText('3 unidades sin costo registrado (cuentan como 0).')).toBeInTheDocument();
    expect(await screen.findByText('No hubo ventas pagadas ni entregadas en este mes.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Exportar CSV del margen por producto/ })).toBeDisabled();
    expect(await screen.findByRole('img', { name: /últimos 12 meses/ }, SLOW)).toBeInTheDocument();
  });

  it('si la base lo rechaza, lo dice y «Reintentar» repite la lectura', async () => {
    vi.mocked(fetchFinanceMonth)
      .mockRejectedValueOnce(
        new DbError({ message: 'Solo un superadmin con acceso a finanzas puede ver los informes financieros.', code: '42501', hint: 'savia:forbidden' }),
      )
      .mockResolvedValue(month);
    const user = renderPage();
    expect(await screen.findByText('No pudimos cargar el informe de Finanzas.', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Mes cerrado', {}, SLOW)).toBeInTheDocument();
  });
});
