import { describe, expect, it, vi } from 'vitest';
import type { SaleRow, SalesFilter } from '@/api/sales-admin/sales-admin-api';
import { createFormatters } from '@/lib/format/format';
import { buildSalesExport, SALES_COLUMNS } from './sales-csv';
import { filterOf, salesSearch } from './sales-search';

// The data layer is given the pages here; no client is needed.
vi.mock('@/lib/data/supabase', () => ({ supabase: {} }));

const f = createFormatters({ currency: 'USD', timezone: 'America/Bogota' });
const row = (no: number, fields: Partial<SaleRow> = {}): SaleRow => ({
  id: `s${no}`,
  sale_no: no,
  created_at: '2026-11-01T03:30:00Z',
  client_id: 'c1',
  client_name: 'Peña, Lorena',
  client_email: 'lorena@savia.test',
  kind: 'direct',
  status: 'Pagada',
  total: 37.5,
  points_total: 21,
  payment_method: 'efectivo',
  payment_reference: 'CAJA "7"',
  ...fields,
});

describe('el CSV de Ventas', () => {
  it('pide página tras página desde el último número recibido y escribe exactamente esas filas', async () => {
    const asked: (number | null)[] = [];
    const walkIn = row(5, { client_id: null, client_name: 'Rosa Díaz', client_email: null });
    const pages = [[row(9), row(8)], [row(7), row(6)], [walkIn]];
    const filter: SalesFilter = { statuses: ['Pagada'], kind: null, from: null, to: null, clientId: null };
    const { blob, count } = await buildSalesExport(
      'csv',
      filter,
      f,
      async (_f, before) => {
        asked.push(before);
        return pages[asked.length - 1] ?? [];
      },
      2,
    );
    expect(asked).toEqual([null, 8, 6]);
    expect(count).toBe(5);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.subarray(3)).split('\r\n');
    expect(lines[0]).toBe(
      SALES_COLUMNS('USD')
        .map((c) => c.header)
        .join(','),
    );
    // The sale of 22:30 in Bogotá on 31 October is that day's, with its offset; commas and quotes quoted.
    expect(lines[1]).toBe('9,2026-10-31T22:30:00-05:00,"Peña, Lorena",Miembro,lorena@savia.test,Venta directa,Pagada,37.50,USD,21,Efectivo,"CAJA ""7""",s9');
    // A walk-in buyer: their name where a member's would be, said so, no e-mail.
    expect(lines[5]).toBe('5,2026-10-31T22:30:00-05:00,Rosa Díaz,Cliente sin membresía,,Venta directa,Pagada,37.50,USD,21,Efectivo,"CAJA ""7""",s5');
    expect(lines.filter(Boolean)).toHaveLength(6);
  });
});

describe('la URL de Ventas', () => {
  it('lee estados, tipo, fechas y miembro del contrato; lo que no es válido no filtra', () => {
    const search = salesSearch.parse({
      estado: 'pagada,entregada,inventado',
      tipo: 'directa',
      desde: '2026-11-01',
      hasta: '2026-02-30',
      miembro: 'no-es-un-id',
    });
    expect(filterOf(search)).toEqual({ statuses: ['Pagada', 'Entregada'], kind: 'direct', from: '2026-11-01', to: null, clientId: null });
    expect(salesSearch.parse({}).orden).toBe('-fecha');
  });
});
