import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectNoAxeViolations } from '../../../tests/unit/axe';
import { Checkbox } from './checkbox';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from './field';
import { Input } from './input';

const schema = z.object({
  name: z.string().trim().min(3, 'Escribe al menos 3 caracteres.'),
  accept: z.boolean().refine((v) => v, 'Acepta las condiciones para seguir.'),
});

function Form() {
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { name: '', accept: false } });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(() => {})(e)}>
      <Field error={errors.name?.message}>
        <FieldLabel>Nombre</FieldLabel>
        <FieldControl>
          <Input {...form.register('name')} />
        </FieldControl>
        <FieldDescription>Como aparece en tu documento.</FieldDescription>
        <FieldError />
      </Field>
      <Controller
        control={form.control}
        name="accept"
        render={({ field, fieldState }) => (
          <Field orientation="horizontal" error={fieldState.error?.message}>
            <FieldControl>
              <Checkbox checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} onBlur={field.onBlur} />
            </FieldControl>
            <FieldLabel>Acepto las condiciones</FieldLabel>
            <FieldError />
          </Field>
        )}
      />
      <button type="submit">Enviar</button>
    </form>
  );
}

describe('Field', () => {
  it('une etiqueta, descripción y error al control, con register y con Controller', async () => {
    const user = userEvent.setup();
    render(<Form />);
    const name = screen.getByLabelText('Nombre');
    expect(name).toHaveAccessibleDescription('Como aparece en tu documento.');
    expect(name).not.toHaveAttribute('aria-invalid');

    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Como aparece en tu documento. Escribe al menos 3 caracteres.');
    const accept = screen.getByRole('checkbox', { name: 'Acepto las condiciones' });
    expect(accept).toHaveAttribute('aria-invalid', 'true');
    expect(accept).toHaveAccessibleDescription('Acepta las condiciones para seguir.');
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    await expectNoAxeViolations();

    await user.type(name, 'Ana María');
    await user.click(accept);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(accept).toBeChecked();
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });
});
