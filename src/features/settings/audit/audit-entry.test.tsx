import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@/api/audit/audit-api';
import { createFormatters } from '@/lib/format/format';
import { AuditEntryCard } from './audit-entry';
import { describeChanges } from './audit-fields';

vi.mock('@/lib/data/supabase', () => ({ supabase: {} }));
// The screen formats with the company's settings; the test with the same module and settings.
const f = createFormatters({ currency: 'COP', timezone: 'America/Bogota' });
vi.mock('@/lib/format/use-format', async () => {
  const { createFormatters: make } = await import('@/lib/format/format');
  return { useFormat: () => make({ currency: 'COP', timezone: 'America/Bogota' }) };
});

const approval: AuditEntry = {
  id: 1,
  occurred_at: '2026-11-20T15:00:00Z',
  action: 'UPDATE',
  table_name: 'sales',
  row_id: '6f1c7a52-0000-4000-8000-000000000200',
  actor_id: 'a1',
  actor_email: 'laura.admin@savia.test',
  actor_role: 'admin',
  db_role: 'authenticated',
  sentence: 'Laura Gómez aprobó la venta #200 de Carlos Rodríguez',
  changes: [
    { field: 'status', before: 'Pendiente de Aprobación', after: 'Pagada' },
    { field: 'approved_by', before: null, after: 'Laura Gómez' },
    { field: 'approved_at', before: null, after: '2026-11-20T15:00:00+00:00' },
    { field: 'total', before: 180000, after: 180000.5 },
  ],
};

afterEach(cleanup);

describe('un cambio de la bitácora', () => {
  it('se lee como una frase, sin ids, nombres de columna ni roles de base de datos', () => {
    render(
      <MemoryRouter>
        <AuditEntryCard entry={approval} />
      </MemoryRouter>,
    );
    const card = screen.getByRole('article', { name: approval.sentence });
    expect(card).toHaveTextContent(approval.sentence);
    expect(card.textContent).not.toMatch(/6f1c7a52|approved_by|status|authenticated|vía/);
    expect(screen.getByRole('link', { name: 'Abrir el registro' })).toHaveAttribute('href', `/ventas?venta=${approval.row_id}`);
  });

  it('muestra a pedido los campos que cambiaron: etiqueta, antes → después, con dinero y fechas del módulo de formato', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <AuditEntryCard entry={approval} />
      </MemoryRouter>,
    );
    const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(screen.getByText('Estado', { selector: 'dt' })).not.toBeVisible();
    await user.click(screen.getByText('Ver los 4 campos que cambiaron'));
    expect(screen.getByText('Estado', { selector: 'dt' })).toBeVisible();
    expect(screen.getAllByRole('term').map((t) => t.textContent)).toEqual(['Aprobado', 'Aprobado por', 'Estado', 'Total']);
    expect(value('Estado')).toBe('Pendiente de Aprobación → pasó a Pagada');
    expect(value('Aprobado por')).toBe('— → pasó a Laura Gómez');
    expect(value('Total')).toBe(`${f.money(180000)} → pasó a ${f.money(180000.5)}`);
    expect(value('Aprobado')).toBe(`— → pasó a ${f.dateTime('2026-11-20T15:00:00Z')}`);
  });
});

describe('las etiquetas de los campos', () => {
  it('dan nombre en español, estados por su nombre y un campo desconocido con espacios', () => {
    const lines = describeChanges(
      [
        { field: 'enrollment_status', before: 'pending', after: 'registered' },
        { field: 'is_kit', before: false, after: true },
        { field: 'campo_nuevo', before: null, after: 'x' },
      ],
      f,
    );
    expect(lines.map((l) => [l.label, l.before, l.after])).toEqual([
      ['campo nuevo', null, 'x'],
      ['Estado del enrolamiento', 'Pendiente', 'Registrado'],
      ['Kit de inicio', 'No', 'Sí'],
    ]);
  });
});
