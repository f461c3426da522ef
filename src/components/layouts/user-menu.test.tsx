import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UserMenu } from './user-menu';

function renderMenu() {
  const onSignOut = vi.fn();
  const onHelp = vi.fn();
  render(
    <>
      <UserMenu
        label="Menú de usuario: Ana"
        trigger="Ana"
        header="ana@savia.test"
        items={[
          { label: 'Ayuda', onSelect: onHelp },
          { label: 'Cerrar Sesión', onSelect: onSignOut },
        ]}
      />
      <button type="button">Fuera</button>
    </>,
  );
  return { onSignOut, onHelp, button: screen.getByRole('button', { name: 'Menú de usuario: Ana' }) };
}

describe('UserMenu', () => {
  it('cerrado no muestra el menú; el botón dice que abre uno', () => {
    const { button } = renderMenu();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('un clic lo abre con el foco en el primer ítem, nombrado por su botón; elegir un ítem lo cierra', async () => {
    const user = userEvent.setup();
    const { button, onSignOut } = renderMenu();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Menú de usuario: Ana' })).toBeVisible();
    expect(screen.getByText('ana@savia.test')).toBeVisible();
    expect(screen.getByRole('menuitem', { name: 'Ayuda' })).toHaveFocus();
    await user.click(screen.getByRole('menuitem', { name: 'Cerrar Sesión' }));
    expect(onSignOut).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('teclado: ↓ abre en el primero, ↑ en el último, las flechas dan la vuelta, Escape vuelve al botón', async () => {
    const user = userEvent.setup();
    const { button, onHelp } = renderMenu();
    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Cerrar Sesión' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Ayuda' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Cerrar Sesión' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Ayuda' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onHelp).toHaveBeenCalledOnce();
  });

  it('un clic fuera o Tab lo cierran', async () => {
    const user = userEvent.setup();
    const { button } = renderMenu();
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Fuera' }));
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(button);
    await user.tab();
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
