import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { submitLead } from '@/api/public-page/public-page-api';
import { DbError } from '@/lib/data/db';
import { createQueryClient } from '@/lib/data/query-client';
import { expectNoAxeViolations } from '../../../../tests/unit/axe';
import { ContactForm } from './contact-form';

vi.mock('@/lib/data/supabase', () => ({ supabase: {} }));
vi.mock('@/api/public-page/public-page-api', () => ({ submitLead: vi.fn() }));
const submit = vi.mocked(submitLead);

function renderForm() {
  const { container } = render(
    <QueryClientProvider client={createQueryClient()}>
      <ContactForm slug="maria-fernandez" memberName="María Fernández" companyName="Savia Natural" />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), container };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nombre'), 'Juana Pérez');
  await user.type(screen.getByLabelText('Correo electrónico'), 'juana@correo.test');
  await user.type(screen.getByLabelText('Mensaje (opcional)'), 'Quiero saber de la moringa.');
}

const consent = () => screen.getByRole('checkbox', { name: /Autorizo a María Fernández y a Savia Natural/ });

describe('el formulario de contacto de la página pública', () => {
  beforeEach(() => submit.mockReset());

  it('la casilla empieza sin marcar; sin ella no se envía nada y el formulario dice por qué', async () => {
    const { user, container } = renderForm();
    expect(consent()).not.toBeChecked();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByText('Para enviar tu mensaje, marca la casilla de autorización de datos.')).toBeVisible();
    expect(consent()).toHaveAttribute('aria-invalid', 'true');
    expect(submit).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('con la casilla marcada envía a submit_lead y da las gracias', async () => {
    submit.mockResolvedValue(undefined);
    const { user } = renderForm();
    await fillIn(user);
    await user.click(consent());
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByRole('heading', { name: '¡Gracias, Juana Pérez!' })).toBeVisible();
    expect(screen.getByText('María Fernández recibió tu mensaje y te contactará pronto.')).toBeVisible();
    expect(submit).toHaveBeenCalledWith({
      slug: 'maria-fernandez',
      name: 'Juana Pérez',
      email: 'juana@correo.test',
      phone: '',
      message: 'Quiero saber de la moringa.',
      consent: true,
    });
  });

  it('el campo trampa está oculto para las personas; si un robot lo llena, no se envía nada', async () => {
    const { user } = renderForm();
    const trap = screen.getByLabelText('No llenes este campo');
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'No llenes este campo' })).toBeNull();
    await fillIn(user);
    await user.type(trap, 'http://spam.test');
    await user.click(consent());
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByRole('heading', { name: '¡Gracias, Juana Pérez!' })).toBeVisible();
    expect(submit).not.toHaveBeenCalled();
  });

  it('la frase de la base de datos aparece junto al campo que rechaza, o en el formulario', async () => {
    submit.mockRejectedValueOnce(new DbError({ code: 'P0001', hint: 'savia:invalid_email', message: 'El correo no parece válido.' }));
    const { user } = renderForm();
    await fillIn(user);
    await user.click(consent());
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByText('El correo no parece válido.')).toBeVisible();
    expect(screen.getByLabelText('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');

    const limit = 'Recibimos demasiados mensajes para esta página; inténtalo más tarde.';
    submit.mockRejectedValueOnce(new DbError({ code: 'P0001', hint: 'savia:too_many_leads', message: limit }));
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByText(limit)).toBeVisible();
    expect(screen.getByLabelText('Nombre')).toHaveValue('Juana Pérez');
  });
});
