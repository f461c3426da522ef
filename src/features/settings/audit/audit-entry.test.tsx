import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditChange, AuditEntry } from '@/api/audit/audit-api';
import { createFormatters } from '@/lib/format/format';
import { AuditEntryCard } from './audit-entry';
import { describeChanges, fieldLabel } from './audit-fields';

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

describe('las cifras de los campos', () => {
  const read = (changes: AuditChange[]) => Object.fromEntries(describeChanges(changes, f).map((l) => [l.field, [l.before, l.after]]));

  it('muestran las tasas del plan y de los ajustes como porcentajes, cada tasa de una lista también', () => {
    const lines = read([
      { field: 'volume_bonus_rate', before: 0.05, after: 0.04 },
      { field: 'enrollment_commission_rate', before: 0.2, after: 0.25 },
      { field: 'commission_rates', before: [0.1, 0.05], after: [0.1, 0.0525] },
    ]);
    expect(f.percent(0.05)).toBe('5%');
    expect(lines.volume_bonus_rate).toEqual([f.percent(0.05), f.percent(0.04)]);
    expect(lines.enrollment_commission_rate).toEqual([f.percent(0.2), f.percent(0.25)]);
    expect(lines.commission_rates).toEqual(['10%, 5%', '10%, 5,25%']);
  });

  it('muestran como dinero el pago mínimo, la base comisionable de un producto y el total de un archivo de pago', () => {
    const lines = read([
      { field: 'min_payout', before: 20, after: 20.5 },
      { field: 'commissionable_amount', before: 12, after: 12.5 },
      { field: 'total_amount', before: null, after: 1250000.75 },
    ]);
    expect(lines.min_payout).toEqual([f.money(20), f.money(20.5)]);
    expect(lines.min_payout![1]).toBe('$\u00a020,50');
    expect(lines.commissionable_amount).toEqual([f.money(12), f.money(12.5)]);
    expect(lines.total_amount).toEqual([null, f.money(1250000.75)]);
    expect(['min_payout', 'commissionable_amount', 'total_amount'].map(fieldLabel)).toEqual(['Pago mínimo', 'Base comisionable', 'Total del archivo']);
  });

  it('no redondean un número con decimales que no es dinero ni tasa, ni leen como dinero la cantidad de una receta', () => {
    const lines = read([
      { field: 'medida_nueva', before: 2.5, after: 1234.125 },
      { field: 'quantity', before: 2, after: 1500 },
      { field: 'amount', before: '2', after: '2 cucharadas' },
    ]);
    expect(lines.medida_nueva).toEqual(['2,5', '1.234,125']);
    expect(lines.quantity).toEqual([f.count(2), f.count(1500)]);
    expect(lines.amount).toEqual(['2', '2 cucharadas']);
  });
});
