import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { SheetOnDemand } from './sheet-on-demand';

function Menu() {
  const [open, setOpen] = useState(false);
  return (
    <SheetOnDemand open={open} onOpenChange={setOpen} closeLabel="Cerrar menú" hiddenTitle="Menú" trigger={<Button>Abrir menú</Button>}>
      <a href="#mi-cuenta">Mi Cuenta</a>
    </SheetOnDemand>
  );
}

describe('SheetOnDemand', () => {
  it('carga la hoja con el primer clic, la anuncia abierta y, al cerrarla, devuelve el foco a su botón', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    const button = screen.getByRole('button', { name: 'Abrir menú' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(button);
    const sheet = await screen.findByRole('dialog', { name: 'Menú' });
    expect(sheet).toContainElement(screen.getByRole('link', { name: 'Mi Cuenta' }));
    expect(button).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();

    // Opened again (the code already here), by its close button this time.
    await user.click(button);
    await user.click(await screen.findByRole('button', { name: 'Cerrar menú' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });
});
