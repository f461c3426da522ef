import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Input } from '@/components/ui/input';
import { DbError } from '@/lib/data/db';
import { expectNoAxeViolations } from '../../../tests/unit/axe';
import { Form, FormField, FormFooter } from './form';
import { useAppForm, useFormSubmit } from './use-app-form';

const schema = z.object({
  email: z.string().trim().min(1, 'Escribe el correo.'),
  amount: z.string().trim(),
});

const refusal = (hint: string, details: string | null, message: string) => new DbError({ code: 'P0001', hint, details, message });

function TestForm({ action, onCancel = () => {} }: { action: (v: z.output<typeof schema>) => unknown; onCancel?: () => void }) {
  const form = useAppForm(schema, { defaultValues: { email: '', amount: '' } });
  const submit = useFormSubmit(form, action, { fields: { details: ['email'], codes: { above_balance: 'amount' } } });
  return (
    <Form form={form} onSubmit={submit}>
      <FormField name="email" label="Correo" description="El de su cuenta de Google.">
        <Input type="email" />
      </FormField>
      <FormField name="amount" label="Monto">
        <Input inputMode="decimal" />
      </FormField>
      <FormFooter submitLabel="Guardar" pendingLabel="Guardando…" onCancel={onCancel} />
    </Form>
  );
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Correo'), 'ana@savia.test');
  await user.type(screen.getByLabelText('Monto'), '50000');
}

describe('el kit de formularios', () => {
  it('valida con el esquema antes de preguntar a la base de datos', async () => {
    const user = userEvent.setup();
    const action = vi.fn();
    render(<TestForm action={action} />);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const email = screen.getByLabelText('Correo');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('El de su cuenta de Google. Escribe el correo.');
    expect(action).not.toHaveBeenCalled();
  });

  it('la negativa que nombra un campo en DETAIL queda en ese campo, con el foco, y no en la alerta', async () => {
    const user = userEvent.setup();
    render(<TestForm action={() => Promise.reject(refusal('savia:email_taken', 'email', 'Ese correo ya es de un miembro.'))} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const email = screen.getByLabelText('Correo');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('El de su cuenta de Google. Ese correo ya es de un miembro.');
    await waitFor(() => expect(email).toHaveFocus());
    expect(screen.getByLabelText('Monto')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Ese correo ya es de un miembro.', { selector: '[data-slot=form-alert] p' })).toBeNull();
    await expectNoAxeViolations();
  });

  it('la negativa se ubica también por su código', async () => {
    const user = userEvent.setup();
    render(<TestForm action={() => Promise.reject(refusal('savia:above_balance', null, 'El monto supera tu saldo disponible.'))} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const amount = screen.getByLabelText('Monto');
    await waitFor(() => expect(amount).toHaveAccessibleDescription('El monto supera tu saldo disponible.'));
    await waitFor(() => expect(amount).toHaveFocus());
  });

  it('la negativa sin campo va a la alerta del formulario, que desaparece al volver a enviar', async () => {
    const user = userEvent.setup();
    const action = vi
      .fn()
      .mockRejectedValueOnce(refusal('savia:forbidden', null, 'No tienes permiso para invitar.'))
      .mockResolvedValueOnce(undefined);
    render(<TestForm action={action} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No tienes permiso para invitar.');
    expect(screen.getByLabelText('Correo')).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('mientras guarda: el botón dice «Guardando…», está desactivado, Cancelar también, y un segundo envío no repite la acción', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onCancel = vi.fn();
    render(<TestForm action={action} onCancel={onCancel} />);
    await fill(user);
    const form = screen.getByRole('button', { name: 'Guardar' }).closest('form')!;
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    const pending = await screen.findByRole('button', { name: 'Guardando…' });
    expect(pending).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    expect(form).toHaveAttribute('aria-busy', 'true');
    fireEvent.submit(form);
    expect(action).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(await screen.findByRole('button', { name: 'Guardar' })).toBeEnabled();
    expect(action).toHaveBeenCalledTimes(1);
  });
});
