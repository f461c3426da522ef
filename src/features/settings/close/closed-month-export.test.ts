import { describe, expect, it, vi } from 'vitest';
import type { ClosedMonthRow, ClosedMonthRowsParams } from '@/api/periods/periods-api';
import { createFormatters } from '@/lib/format/format';
import { buildClosedMonthExport, CLOSED_MONTH_COLUMNS } from './closed-month-export';

// The data layer is given the pages here; no client is needed.
vi.mock('@/lib/data/supabase', () => ({ supabase: {} }));

const f = createFormatters({ currency: 'COP', timezone: 'America/Bogota' });
const row = (name: string, fields: Partial<ClosedMonthRow> = {}): ClosedMonthRow => ({
  action: 'forfeit',
  client_id: `id-${name}`,
  client_name: name,
  member_no: 7,
  ledger_id: 1,
  amount: -8300.5,
  level_from: 1,
  level_to: 1,
  detail: 'Anulada al cierre de octubre de 2026: terminó el mes inactivo (33 de 100 puntos personales).',
  ...fields,
});

describe('la exportación de un mes cerrado', () => {
  it('pide página tras página hasta el total y escribe cada fila con su mes, qué, quién, importe y motivo', async () => {
    const asked: ClosedMonthRowsParams[] = [];
    const all = [row('Bea'), row('Carla', { action: 'bonus_volume', amount: 12000 }), row('Ciro', { action: 'level_up', amount: null, level_to: 2 })];
    const { blob, count } = await buildClosedMonthExport(
      'csv',
      '2026-10-01',
      f,
      async (p) => {
        asked.push(p);
        return { rows: all.slice((p.page - 1) * p.pageSize, p.page * p.pageSize), total: all.length };
      },
      2,
    );
    expect(asked.map((p) => [p.month, p.page, p.pageSize])).toEqual([
      ['2026-10-01', 1, 2],
      ['2026-10-01', 2, 2],
    ]);
    expect(count).toBe(3);
    const lines = new TextDecoder().decode(new Uint8Array(await blob.arrayBuffer()).subarray(3)).split('\r\n');
    expect(lines[0]).toBe(
      CLOSED_MONTH_COLUMNS('COP')
        .map((c) => c.header)
        .join(','),
    );
    expect(lines[1]).toBe(
      '2026-10,Anulación,Bea,7,-8300.50,COP,1,1,Anulada al cierre de octubre de 2026: terminó el mes inactivo (33 de 100 puntos personales).',
    );
    // A level-up has no amount (nor currency); a bonus is a positive amount.
    expect(lines[2]).toContain('Bono de volumen,Carla,7,12000.00,COP');
    expect(lines[3]).toBe('2026-10,Subida de nivel,Ciro,7,,,1,2,Anulada al cierre de octubre de 2026: terminó el mes inactivo (33 de 100 puntos personales).');
  });

  it('en Excel: el importe es un número y el mes una fecha (leído de vuelta)', async () => {
    const { blob } = await buildClosedMonthExport('xlsx', '2026-10-01', f, async () => ({ rows: [row('Bea')], total: 1 }));
    const { unzipSync, strFromU8 } = await import('fflate');
    const sheet = strFromU8(unzipSync(new Uint8Array(await blob.arrayBuffer()))['xl/worksheets/sheet1.xml']!);
    expect(sheet).toMatch(/<c r="E2"[^>]*><v>-8300.5<\/v><\/c>/);
    expect(sheet).toContain('Bea');
  });
});
