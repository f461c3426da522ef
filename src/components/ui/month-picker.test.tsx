import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useMonthParam } from '@/lib/url/month-param';
import { expectNoAxeViolations } from '../../../tests/unit/axe';
import { MonthPicker } from './month-picker';

// No stored settings: the defaults (America/Bogota).
vi.mock('@/lib/data/supabase', () => ({ supabase: {} }));

// 31 October 2026, 22:00 in Bogotá: already November in UTC, still October for the company.
const NOW = new Date('2026-11-01T03:00:00Z');

function Screen({ defaultMonth }: { defaultMonth?: string }) {
  const { month, monthStart, setMonth, max } = useMonthParam({ now: NOW, defaultMonth });
  return (
    <>
      <MonthPicker value={month} max={max} onChange={setMonth} min="2025-01" />
      <span data-testid="state">{`${monthStart} ${useLocation().search}`}</span>
    </>
  );
}

function renderAt(url: string, defaultMonth?: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Screen defaultMonth={defaultMonth} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), state: () => screen.getByTestId('state').textContent };
}

describe('MonthPicker y ?mes=', () => {
  it('por defecto es el mes de negocio abierto en la zona de la empresa, sin ?mes en la URL', async () => {
    const { state } = renderAt('/mi-cuenta');
    expect(screen.getByLabelText('Mes')).toHaveValue('2026-10');
    expect(screen.getByRole('option', { name: 'octubre de 2026', selected: true })).toBeInTheDocument();
    expect(state()).toBe('2026-10-01 ');
    expect(screen.getByRole('button', { name: 'Mes siguiente' })).toBeDisabled();
    await expectNoAxeViolations();
  });

  it('nunca ofrece ni acepta un mes futuro; lo que no es un mes vuelve al defecto', () => {
    renderAt('/mi-cuenta?mes=2026-11');
    expect(screen.getByLabelText('Mes')).toHaveValue('2026-10');
    expect(screen.queryByRole('option', { name: 'noviembre de 2026' })).not.toBeInTheDocument();
  });

  it.each(['2026-13', 'octubre', '2026-10-15', ''])('?mes=%s vuelve al mes abierto', (value) => {
    renderAt(`/mi-cuenta?mes=${value}`);
    expect(screen.getByLabelText('Mes')).toHaveValue('2026-10');
  });

  it('anterior, siguiente y la lista escriben ?mes=; volver al defecto lo quita', async () => {
    const { user, state } = renderAt('/mi-cuenta?mes=2026-08');
    expect(screen.getByLabelText('Mes')).toHaveValue('2026-08');
    await user.click(screen.getByRole('button', { name: 'Mes anterior' }));
    expect(state()).toBe('2026-07-01 ?mes=2026-07');
    await user.selectOptions(screen.getByLabelText('Mes'), 'septiembre de 2026');
    expect(state()).toBe('2026-09-01 ?mes=2026-09');
    await user.click(screen.getByRole('button', { name: 'Mes siguiente' }));
    expect(state()).toBe('2026-10-01 ');
  });

  it('no baja del primer mes con datos', () => {
    renderAt('/mi-cuenta?mes=2025-01');
    expect(screen.getByRole('button', { name: 'Mes anterior' })).toBeDisabled();
  });

  it('el mes abierto puede venir de la base de datos (un mes aún sin cerrar)', () => {
    const { state } = renderAt('/mi-cuenta', '2026-09-01');
    expect(state()).toBe('2026-09-01 ');
  });
});
