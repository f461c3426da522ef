import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { dataTableColumns } from './data-table-columns';
import { ColumnChooser } from './column-chooser';
import { useColumnChoice } from './use-column-choice';

interface Row {
  name: string;
  sku: string;
  cost: number;
}
const col = dataTableColumns<Row>();
const columns = col.columns([
  col.accessor('sku', { header: 'SKU' }),
  col.accessor('name', { id: 'nombre', header: 'Producto', meta: { sticky: true } }),
  col.accessor('cost', { header: 'Costo' }),
]);

function List() {
  const choice = useColumnChoice('prueba', columns, ['sku']);
  return (
    <>
      <ColumnChooser {...choice.chooser} />
      <p data-testid="shown">{choice.columns.map((c) => String(c.header)).join(', ')}</p>
    </>
  );
}

describe('ColumnChooser', () => {
  beforeEach(() => localStorage.clear());

  it('ofrece cada columna menos el nombre, se usa con el teclado y recuerda la elección', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<List />);
    expect(screen.getByTestId('shown')).toHaveTextContent('Producto, Costo');
    const button = screen.getByRole('button', { name: /^Columnas/ });
    expect(button).toHaveTextContent('1 de 2');
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const group = await screen.findByRole('group', { name: 'Columnas que muestra la lista' });
    expect(screen.queryByRole('checkbox', { name: 'Producto' })).toBeNull();
    const sku = screen.getByRole('checkbox', { name: 'SKU' });
    expect(sku).toHaveFocus();
    expect(sku).not.toBeChecked();
    await user.keyboard(' ');
    expect(sku).toBeChecked();
    expect(screen.getByTestId('shown')).toHaveTextContent('SKU, Producto, Costo');
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByTestId('shown')).toHaveTextContent('SKU, Producto');
    await user.keyboard('{Escape}');
    expect(group).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    unmount();
    render(<List />);
    expect(screen.getByTestId('shown')).toHaveTextContent('SKU, Producto');
  });
});
