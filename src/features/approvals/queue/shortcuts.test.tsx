import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { shortcutOf, useQueueShortcuts, type QueueShortcut } from './shortcuts';

function Harness({ handlers }: { handlers: Partial<Record<QueueShortcut, () => void>> }) {
  useQueueShortcuts(handlers);
  return (
    <div>
      <button type="button">Aprobar</button>
      <label>
        Buscar
        <input />
      </label>
      <label>
        Motivo
        <textarea />
      </label>
      <div role="alertdialog" aria-label="Confirmar">
        <button type="button">Dentro del diálogo</button>
      </div>
    </div>
  );
}

function setup() {
  const handlers = { approve: vi.fn(), reject: vi.fn(), next: vi.fn(), previous: vi.fn() };
  render(<Harness handlers={handlers} />);
  return { user: userEvent.setup(), handlers };
}

describe('atajos de la cola', () => {
  it('A aprueba, R rechaza, J siguiente, K anterior (también en mayúscula)', async () => {
    const { user, handlers } = setup();
    await user.keyboard('a');
    await user.keyboard('R');
    await user.keyboard('j');
    await user.keyboard('k');
    expect(handlers.approve).toHaveBeenCalledTimes(1);
    expect(handlers.reject).toHaveBeenCalledTimes(1);
    expect(handlers.next).toHaveBeenCalledTimes(1);
    expect(handlers.previous).toHaveBeenCalledTimes(1);
  });

  it('funcionan con el foco en un botón de la página', async () => {
    const { user, handlers } = setup();
    screen.getByRole('button', { name: 'Aprobar' }).focus();
    await user.keyboard('j');
    expect(handlers.next).toHaveBeenCalledTimes(1);
  });

  it('no mientras se escribe en un campo', async () => {
    const { user, handlers } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Buscar' }), 'jaka');
    await user.type(screen.getByRole('textbox', { name: 'Motivo' }), 'rara');
    expect(screen.getByRole('textbox', { name: 'Motivo' })).toHaveValue('rara');
    for (const handler of Object.values(handlers)) expect(handler).not.toHaveBeenCalled();
  });

  it('no dentro de un diálogo, ni con Ctrl, Alt o Cmd (Ctrl+R recarga)', async () => {
    const { user, handlers } = setup();
    screen.getByRole('button', { name: 'Dentro del diálogo' }).focus();
    await user.keyboard('a');
    screen.getByRole('button', { name: 'Aprobar' }).focus();
    await user.keyboard('{Control>}r{/Control}{Alt>}a{/Alt}{Meta>}j{/Meta}');
    for (const handler of Object.values(handlers)) expect(handler).not.toHaveBeenCalled();
  });

  it('mantener A o R pulsada no repite la decisión; mantener J sí avanza', () => {
    const base = { altKey: false, ctrlKey: false, metaKey: false, defaultPrevented: false, target: document.body };
    expect(shortcutOf({ ...base, key: 'a', repeat: true })).toBeNull();
    expect(shortcutOf({ ...base, key: 'r', repeat: true })).toBeNull();
    expect(shortcutOf({ ...base, key: 'j', repeat: true })).toBe('next');
    expect(shortcutOf({ ...base, key: 'x', repeat: false })).toBeNull();
  });

  it('un atajo sin manejador se deja pasar', async () => {
    const approve = vi.fn();
    render(<Harness handlers={{ approve }} />);
    const event = new KeyboardEvent('keydown', { key: 'j', bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    const approveEvent = new KeyboardEvent('keydown', { key: 'a', bubbles: true, cancelable: true });
    document.body.dispatchEvent(approveEvent);
    expect(approveEvent.defaultPrevented).toBe(true);
    expect(approve).toHaveBeenCalledTimes(1);
  });
});
