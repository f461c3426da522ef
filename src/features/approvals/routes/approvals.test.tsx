// The page's own logic against a queue held in memory: which sale opens after a decision, J/K
// across the page, the empty queue. The database's side is proven by the e2e spec.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaleWithLines } from '@/api/sales/sales-api';
import { DEFAULT_SETTINGS } from '@/lib/data/app-settings';
import { createQueryClient } from '@/lib/data/query-client';
import ApprovalsPage from './approvals';

const queue = vi.hoisted(() => ({ pending: [] as SaleWithLines[] }));

vi.mock('@/lib/data/app-settings', async (original) => ({
  ...(await original<typeof import('@/lib/data/app-settings')>()),
  useAppSettings: () => DEFAULT_SETTINGS,
}));

vi.mock('@/api/staff/staff-api', () => ({
  fetchWorkCounts: async () => ({
    pending_approvals: queue.pending.length,
    oldest_pending_at: queue.pending[0]?.created_at ?? null,
    pending_payouts: 0,
    approved_payouts: 0,
  }),
}));

vi.mock('@/api/sales/sales-api', async (original) => {
  const { DbError } = await import('@/lib/data/db');
  const find = (id: string) => queue.pending.find((s) => s.id === id);
  return {
    ...(await original<typeof import('@/api/sales/sales-api')>()),
    fetchApprovalQueue: async ({ page, pageSize }: { page: number; pageSize: number }) => ({
      rows: queue.pending.slice((page - 1) * pageSize, page * pageSize),
      total: queue.pending.length,
    }),
    fetchSale: async (id: string) => find(id) ?? { ...sale(99), id, status: 'Pagada' },
    fetchSaleChecks: async () => ({ reference_reuse: [], voucher_reuse: [], stock: [], enrolment: null }),
    previewSaleRewards: async () => [],
    approveSale: async (id: string) => {
      if (!find(id)) throw new DbError({ code: 'P0001', message: 'La venta ya no está pendiente.', hint: 'savia:invalid_transition' });
      const done = find(id)!;
      queue.pending = queue.pending.filter((s) => s.id !== id);
      return { sale_no: done.sale_no, entries: 0 };
    },
  };
});

function sale(n: number): SaleWithLines {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    sale_no: n,
    client_id: 'c',
    kind: 'order',
    status: 'Pendiente de Aprobación',
    total: 10,
    commissionable_total: 8,
    points_total: 10,
    period_month: null,
    payment_method: 'transferencia',
    payment_reference: `REF-${n}`,
    voucher_path: null,
    delivery_address: null,
    notes: null,
    rejection_reason: null,
    cancellation_reason: null,
    created_at: new Date(Date.UTC(2026, 10, n)).toISOString(),
    approved_at: null,
    delivered_at: null,
    rejected_at: null,
    cancelled_at: null,
    client: { id: 'c', name: `Miembro ${n}`, email: `m${n}@savia.test`, phone: null, document_number: null, city: null, address: null },
    lines: [],
  };
}

// Where the page's router is, written after each render that moved it.
const at = { location: '' };
function Probe() {
  const here = useLocation();
  useEffect(() => {
    at.location = `${here.pathname}${here.search}`;
  }, [here]);
  return null;
}

function renderPage(url: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <ApprovalsPage />
        <Probe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const openSale = () => new URLSearchParams(at.location.split('?')[1] ?? '').get('venta');
const heading = () => screen.findByRole('heading', { level: 2 });

async function approveOpenSale(user: ReturnType<typeof userEvent.setup>) {
  await user.keyboard('a');
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Aprobar' }));
}

beforeEach(() => {
  queue.pending = [1, 2, 3].map(sale);
});

describe('Aprobaciones', () => {
  it('con la cola vacía lo dice, y que se actualiza sola', async () => {
    queue.pending = [];
    renderPage('/aprobaciones');
    expect(await screen.findByText('No hay nada por aprobar')).toBeInTheDocument();
    expect(screen.getByText(/se actualiza sola cada 30 segundos/)).toBeInTheDocument();
  });

  it('sin ninguna abierta invita a empezar por la más antigua', async () => {
    const user = renderPage('/aprobaciones');
    await user.click(await screen.findByRole('button', { name: 'Revisar la más antigua' }));
    expect(openSale()).toBe(sale(1).id);
    expect(await heading()).toHaveTextContent('Pedido #1');
  });

  it('después de aprobar se abre la que seguía, con el foco en su título', async () => {
    const user = renderPage(`/aprobaciones?venta=${sale(2).id}`);
    expect(await heading()).toHaveTextContent('Pedido #2');
    await approveOpenSale(user);
    await waitFor(() => expect(openSale()).toBe(sale(3).id));
    await waitFor(async () => expect(await heading()).toHaveTextContent('Pedido #3'));
    await waitFor(async () => expect(await heading()).toHaveFocus());
    expect(screen.queryByRole('link', { name: /#2\b/ })).not.toBeInTheDocument();
  });

  it('aprobada la última de una página con más, se abre la que sube a su lugar', async () => {
    queue.pending = Array.from({ length: 11 }, (_, i) => sale(i + 1));
    const user = renderPage(`/aprobaciones?por_pagina=10&venta=${sale(10).id}`);
    expect(await heading()).toHaveTextContent('Pedido #10');
    await approveOpenSale(user);
    await waitFor(() => expect(openSale()).toBe(sale(11).id));
    expect(await heading()).toHaveTextContent('Pedido #11');
  });

  it('aprobada la única que quedaba, la cola vacía lo dice', async () => {
    queue.pending = [sale(7)];
    const user = renderPage(`/aprobaciones?venta=${sale(7).id}`);
    expect(await heading()).toHaveTextContent('Pedido #7');
    await approveOpenSale(user);
    // The queue's own empty note may show for a moment before the page's: wait for where it settles.
    await waitFor(
      () => {
        expect(openSale()).toBeNull();
        expect(screen.getByText('No hay nada por aprobar')).toBeInTheDocument();
        expect(screen.getByText(/se actualiza sola cada 30 segundos/)).toBeInTheDocument();
      },
      { timeout: 5000 },
    );
  });

  it('J y K recorren la cola y cruzan de página', async () => {
    queue.pending = Array.from({ length: 11 }, (_, i) => sale(i + 1));
    const user = renderPage(`/aprobaciones?por_pagina=10&venta=${sale(9).id}`);
    expect(await heading()).toHaveTextContent('Pedido #9');
    await user.keyboard('j');
    await waitFor(() => expect(openSale()).toBe(sale(10).id));
    await user.keyboard('j');
    await waitFor(() => expect(openSale()).toBe(sale(11).id));
    expect(at.location).toContain('pagina=2');
    expect(await heading()).toHaveTextContent('Pedido #11');
    await user.keyboard('k');
    await waitFor(() => expect(openSale()).toBe(sale(10).id));
    expect(at.location).not.toContain('pagina=2');
  });
});
