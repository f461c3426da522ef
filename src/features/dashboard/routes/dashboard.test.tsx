import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchDashboard, type Dashboard, type DashboardMonth } from '@/api/dashboard/dashboard-api';
import { DbError } from '@/lib/data/db';
import { createQueryClient } from '@/lib/data/query-client';
import DashboardPage from './dashboard';

// The charts (chart.js on a canvas) are drawn in the browser: tests/e2e/dashboard.spec.ts.
vi.mock('@/components/chart/chart-canvas', () => ({ default: ({ summary }: { summary: string }) => <div role="img" aria-label={summary} /> }));
vi.mock('@/api/dashboard/dashboard-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/api/dashboard/dashboard-api')>()),
  fetchDashboard: vi.fn(),
  fetchNearActive: vi.fn(),
}));
const session = { user: { role: 'admin' } };
vi.mock('@/lib/auth/use-session', () => ({ useSession: () => session }));

const month = (m: string, over: Partial<DashboardMonth> = {}): DashboardMonth => ({
  month: m,
  closed: false,
  sales_count: 0,
  sales_total: 0,
  new_members: 0,
  active_members: 0,
  near_active_members: 0,
  registered_members: 10,
  commissions: 0,
  bonuses: 0,
  reversals: 0,
  rewards_net: 0,
  commissionable_sales: 0,
  payout_ratio: null,
  ...over,
});

const data: Dashboard = {
  today: '2026-11-27',
  month: '2026-11-01',
  previous_month: '2026-10-01',
  days_left: 4,
  currency: 'USD',
  activity_points: 100,
  near_active_from: 50,
  low_stock_threshold: 20,
  months: [
    month('2026-10-01', { closed: true, sales_count: 10, sales_total: 1000, active_members: 4 }),
    month('2026-11-01', {
      sales_count: 3,
      sales_total: 1500,
      active_members: 5,
      near_active_members: 2,
      rewards_net: 150,
      commissionable_sales: 1000,
      payout_ratio: 0.15,
    }),
  ],
  projection: { basis_month: '2026-10-01', factor: 0.5, payout_ratio: 0.075 },
  unclosed_months: ['2026-10-01'],
  approvals: { count: 3, oldest_at: '2026-11-20T15:00:00Z' },
  payouts: { pending: 1, approved: 1, amount: 70 },
  liability: { pending: 150, available_unpaid: 50, total: 200 },
  running_out: [{ product_id: 'p-te', sku: 'TE', name: 'Té verde', stock: 2, units_30_days: 30, days_left: 2 }],
  daily_sales: [],
  top_products: [],
  low_stock: [{ product_id: 'p-te', sku: 'TE', name: 'Té verde', stock: 2 }],
};

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <DashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const SLOW = { timeout: 8000 };

beforeEach(() => {
  cleanup();
  vi.clearAllMocks();
  session.user.role = 'admin';
});

describe('Dashboard', { timeout: 30_000 }, () => {
  it('lo pendiente enlaza a su lista; las cifras dicen qué cuentan; el admin no repone ni cierra', async () => {
    vi.mocked(fetchDashboard).mockResolvedValue(data);
    renderPage();
    const todo = await screen.findByRole('region', { name: 'Para hacer hoy' }, SLOW);
    expect(within(todo).getByRole('link', { name: /3 ventas esperan aprobación/ })).toHaveAttribute('href', '/aprobaciones');
    expect(within(todo).getByRole('link', { name: /2 retiros por pagar/ })).toHaveAttribute('href', '/pagos?estado=pendiente');
    expect(within(todo).getByRole('link', { name: /Té verde se agota en 2 días/ })).toHaveAttribute('href', '/productos?producto=p-te');
    expect(within(todo).getByText('2 miembros tienen entre 50 y 99 puntos')).toBeInTheDocument();
    expect(screen.getByText('El mes de octubre de 2026 aún no está cerrado')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ir a Configuración' })).toBeNull();
    expect(screen.getByRole('heading', { level: 3, name: 'Ventas netas de cancelaciones' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ver las ventas/ })).toHaveAttribute('href', '/ventas?desde=2026-11-01&hasta=2026-11-30&estado=pagada,entregada');
    expect(screen.getByText('Proyección al cierre: 7,5%.')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Miembros activos en los últimos 6 meses' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Reponer/ })).toBeNull();
  });

  it('el superadmin ve «Reponer» y el enlace a Configuración', async () => {
    session.user.role = 'superadmin';
    vi.mocked(fetchDashboard).mockResolvedValue(data);
    renderPage();
    expect(await screen.findByRole('link', { name: 'Reponer Té verde' }, SLOW)).toHaveAttribute('href', '/proveedores?reponer=p-te');
    expect(screen.getByRole('link', { name: 'Ir a Configuración' })).toHaveAttribute('href', '/configuracion');
  });

  it('si la lectura falla, lo dice y «Reintentar» la repite', async () => {
    vi.mocked(fetchDashboard)
      .mockRejectedValueOnce(
        new DbError({ message: 'Solo el personal (admin o superadmin) puede realizar esta acción.', code: 'P0001', hint: 'savia:forbidden' }),
      )
      .mockResolvedValue(data);
    const user = renderPage();
    expect(await screen.findByText('No pudimos cargar el Dashboard.', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('region', { name: 'Para hacer hoy' }, SLOW)).toBeInTheDocument();
  });
});
