import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DbError } from '@/lib/data/db';
import { expectNoAxeViolations } from '../../../tests/unit/axe';
import { FormChipGroup } from './chip-group';
import { Form, FormFooter } from './form';
import { useAppForm, useFormSubmit } from './use-app-form';

const schema = z.object({ benefits: z.array(z.string()).min(1, 'Elige al menos uno.') });
type Values = z.input<typeof schema>;
const options = [
  { key: 'energia', label: 'Energía' },
  { key: 'digestion', label: 'Digestión' },
  { key: 'descanso', label: 'Descanso' },
];

function TestForm({ action, initial = [] }: { action: (v: z.output<typeof schema>) => unknown; initial?: string[] }) {
  const form = useAppForm(schema, { defaultValues: { benefits: initial } });
  const submit = useFormSubmit(form, action, { fields: { details: ['benefits'] } });
  return (
    <Form form={form} onSubmit={submit}>
      <FormChipGroup<Values> name="benefits" legend="Beneficios" description="Los usa el Análisis de Salud." options={options} />
      <FormFooter submitLabel="Guardar" pendingLabel="Guardando…" />
    </Form>
  );
}

describe('los chips de una lista cerrada', () => {
  it('mandan las claves elegidas, con el teclado, y empiezan con las que ya tenía', async () => {
    const user = userEvent.setup();
    const action = vi.fn();
    render(<TestForm action={action} initial={['descanso']} />);
    const group = screen.getByRole('group', { name: 'Beneficios' });
    expect(group).toHaveAccessibleDescription('Los usa el Análisis de Salud.');
    expect(screen.getByRole('checkbox', { name: 'Descanso' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Energía' }));
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Digestión' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect([...(action.mock.calls[0]![0] as { benefits: string[] }).benefits].sort()).toEqual(['descanso', 'digestion', 'energia']);
    await expectNoAxeViolations(document.body);
  });

  it('la negativa de la base de datos que nombra el campo se lee en el grupo', async () => {
    const user = userEvent.setup();
    const refusal = new DbError({ code: 'P0001', hint: 'savia:invalid_benefits', details: 'benefits', message: 'Hay un beneficio que no está en la lista.' });
    render(<TestForm action={() => Promise.reject(refusal)} initial={['energia']} />);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const group = screen.getByRole('group', { name: 'Beneficios' });
    await waitFor(() => expect(group).toHaveAttribute('aria-invalid', 'true'));
    expect(group).toHaveAccessibleDescription('Los usa el Análisis de Salud. Hay un beneficio que no está en la lista.');
  });
});
