import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NavList } from './nav-list';

const items = [
  { path: '/aprobaciones', label: 'Aprobaciones' },
  { path: '/pagos', label: 'Pagos' },
];

function renderNav(counts?: Parameters<typeof NavList>[0]['counts']) {
  render(
    <MemoryRouter>
      <NavList items={items} label="Navegación principal" counts={counts} />
    </MemoryRouter>,
  );
}

describe('NavList con cuentas', () => {
  it('muestra la cifra junto al ítem; el nombre del enlace sigue siendo su etiqueta y la cifra es su descripción', () => {
    renderNav({ '/aprobaciones': { value: 1234, description: '1.234 pendientes' } });
    const link = screen.getByRole('link', { name: 'Aprobaciones' });
    expect(link).toHaveTextContent(/^Aprobaciones$/);
    expect(link).toHaveAccessibleDescription('1.234 pendientes');
    expect(screen.getByTestId('nav-count')).toHaveTextContent('1.234');
    expect(screen.getByRole('link', { name: 'Pagos' })).not.toHaveAccessibleDescription();
  });

  it('una cuenta en cero o ausente no muestra nada', () => {
    renderNav({ '/aprobaciones': { value: 0, description: '0 pendientes' } });
    expect(screen.queryByTestId('nav-count')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aprobaciones' })).not.toHaveAccessibleDescription();
  });
});
