import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/unit/axe';
import { Button } from './button';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderDialog(props: Partial<ConfirmDialogProps> = {}) {
  const user = userEvent.setup();
  render(
    <ConfirmDialog
      trigger={<Button variant="destructive">Rechazar</Button>}
      title="¿Rechazar la venta #1042?"
      description="La venta pasa a Rechazado y sus productos vuelven al inventario. No se puede deshacer."
      confirmLabel="Rechazar"
      pendingLabel="Rechazando…"
      onConfirm={vi.fn()}
      {...props}
    />,
  );
  return { user, trigger: screen.getByRole('button', { name: 'Rechazar' }) };
}

describe('ConfirmDialog', () => {
  it('dice qué va a pasar; Escape cancela sin hacer nada y el foco vuelve al botón', async () => {
    const onConfirm = vi.fn();
    const { user, trigger } = renderDialog({ onConfirm });
    await user.click(trigger);
    const dialog = screen.getByRole('alertdialog', { name: '¿Rechazar la venta #1042?' });
    expect(dialog).toHaveAccessibleDescription(/vuelven al inventario/);
    expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await expectNoAxeViolations();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('mientras la acción corre, el botón queda deshabilitado y no se puede cerrar ni pulsar dos veces', async () => {
    const action = deferred();
    const onConfirm = vi.fn(() => action.promise);
    const { user, trigger } = renderDialog({ onConfirm });
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Rechazar' }));
    const pending = screen.getByRole('button', { name: 'Rechazando…' });
    expect(pending).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    await user.click(pending);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(onConfirm).toHaveBeenCalledTimes(1);

    action.resolve();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });

  it('si la acción falla, sigue abierto con el error en español y se puede reintentar', async () => {
    const onConfirm = vi
      .fn()
      .mockRejectedValueOnce({ userMessage: 'La venta ya no está pendiente; alguien la aprobó antes.' })
      .mockRejectedValueOnce(new Error('fetch failed'));
    const { user, trigger } = renderDialog({ onConfirm });
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La venta ya no está pendiente; alguien la aprobó antes.');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rechazar' }));
    // An error that is not the database's gets a Spanish sentence, never the raw English.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('No se pudo completar la acción. Inténtalo de nuevo.'));
  });

  it('con motivo: lo exige entre 3 y 500 caracteres, los motivos frecuentes lo rellenan y se envía sin espacios sobrantes', async () => {
    const onConfirm = vi.fn();
    const { user, trigger } = renderDialog({
      onConfirm,
      reason: { label: 'Motivo del rechazo', suggestions: ['El comprobante no es legible', 'El pago no llegó a la cuenta'] },
    });
    await user.click(trigger);
    const textarea = screen.getByLabelText('Motivo del rechazo');
    expect(textarea).toHaveFocus();
    expect(textarea).toHaveAttribute('maxLength', '500');
    await user.type(textarea, ' ok ');
    await user.click(screen.getByRole('button', { name: 'Rechazar' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea).toHaveAccessibleDescription(/Escribe un motivo de al menos 3 caracteres\./);
    expect(textarea).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'El pago no llegó a la cuenta' }));
    expect(textarea).toHaveValue('El pago no llegó a la cuenta');
    expect(screen.getByRole('button', { name: 'El pago no llegó a la cuenta' })).toHaveAttribute('aria-pressed', 'true');
    await user.type(textarea, ' a tiempo  ');
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Rechazar' }));
    expect(onConfirm).toHaveBeenCalledWith('El pago no llegó a la cuenta a tiempo');
  });

  it('cuenta los caracteres como la base de datos (un emoji es uno)', async () => {
    const onConfirm = vi.fn();
    const { user, trigger } = renderDialog({ onConfirm, reason: { label: 'Motivo' } });
    await user.click(trigger);
    await user.type(screen.getByLabelText('Motivo'), 'a😀');
    await user.click(screen.getByRole('button', { name: 'Rechazar' }));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('se puede controlar desde fuera (un atajo de teclado) y al cerrarlo olvida el motivo', async () => {
    const user = userEvent.setup();
    function Shortcut() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>R</button>
          <ConfirmDialog
            open={open}
            onOpenChange={setOpen}
            title="¿Rechazar?"
            description="Se rechaza."
            confirmLabel="Rechazar"
            reason={{ label: 'Motivo' }}
            onConfirm={vi.fn()}
          />
        </>
      );
    }
    render(<Shortcut />);
    await user.click(screen.getByRole('button', { name: 'R' }));
    await user.type(screen.getByLabelText('Motivo'), 'algo');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'R' }));
    expect(screen.getByLabelText('Motivo')).toHaveValue('');
  });
});
