import { describe, expect, it, vi } from 'vitest';
import type { PayoutQueueParams, QueuedPayout } from '@/api/payouts/payouts-api';
import { createFormatters } from '@/lib/format/format';
import { csvLine } from '@/lib/files/csv';
import { buildList, LIST_COLUMNS, queuePages } from './payout-csv';

const f = createFormatters({ currency: 'COP', timezone: 'America/Bogota' });
const listLine = (p: QueuedPayout) => csvLine(LIST_COLUMNS('COP'), p, f);

const ana: QueuedPayout = {
  id: '0b6c1a52-7a1e-4d5e-9a57-2f0f3c0c0001',
  client_id: 'c1',
  client_name: 'Ana Torres',
  client_email: 'ana.torres@savia.test',
  client_document: 'CC 1.234.567',
  amount: 80000,
  status: 'approved',
  payment_details: 'Nota: "Ana" prefiere la mañana',
  payment_reference: null,
  rejection_reason: null,
  // 23:30 in Bogotá on Oct 31 is already Nov 1 in UTC.
  requested_at: '2026-11-01T04:30:00Z',
  decided_at: '2026-11-02T15:00:00Z',
  paid_at: null,
  available: 12345.5,
  reference: 'RET-000042',
  account: {
    institution: 'Bancolombia',
    type: 'ahorros',
    number: '01234567890',
    holder: 'Ana Torres',
    document_type: 'CC',
    document: '1234567',
    holder_is_member: true,
  },
  account_changed_days: null,
  open_batch: null,
  bank_reason: null,
};

const text = async (blob: Blob) => {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  return { bom: [...bytes.slice(0, 3)], body: new TextDecoder().decode(bytes.slice(3)) };
};

describe('CSV de la lista', () => {
  it('fechas ISO con la hora de la empresa, estado en español, la cuenta de la solicitud como texto, importes y saldo en decimal plano', () => {
    const paid = { ...ana, status: 'paid' as const, paid_at: '2026-11-03T17:05:09Z', payment_reference: 'TRF-1' };
    expect(listLine(paid)).toBe(
      `${ana.id},2026-10-31T23:30:00-05:00,Ana Torres,ana.torres@savia.test,CC 1.234.567,80000.00,COP,Pagado,` +
        `RET-000042,Bancolombia,Cuenta de ahorros,01234567890,Ana Torres,CC 1234567,,,,` +
        `"Nota: ""Ana"" prefiere la mañana",2026-11-02T10:00:00-05:00,2026-11-03T12:05:09-05:00,TRF-1,,12345.50\r\n`,
    );
  });

  it('la cuenta cambiada, el archivo que espera al banco y el motivo con que el banco la devolvió', () => {
    const waiting = { ...ana, account_changed_days: 3, open_batch: { id: 'b1', batch_no: 7 }, bank_reason: '=Cuenta embargada' };
    expect(listLine(waiting)).toContain(",CC 1234567,3,7,'=Cuenta embargada,");
  });

  it('una solicitud sin cuenta (anterior a las cuentas validadas) deja esas celdas vacías', () => {
    expect(listLine({ ...ana, account: null })).toContain(',Aprobado,RET-000042,,,,,,,,,');
  });

  it('exporta exactamente el filtro de la pantalla (estado y mes)', async () => {
    const fetchPage = vi.fn(async (_p: PayoutQueueParams) => ({ rows: [{ ...ana, status: 'rejected' as const, rejection_reason: 'Cuenta ajena' }], total: 1 }));
    const { blob, count } = await buildList('csv', { statuses: ['rejected'], month: '2026-10-01' }, f, fetchPage);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage.mock.calls[0]?.[0]).toMatchObject({ statuses: ['rejected'], month: '2026-10-01', page: 1 });
    expect(count).toBe(1);
    const { bom, body } = await text(blob);
    expect(bom).toEqual([0xef, 0xbb, 0xbf]);
    expect(body.split('\r\n')[0]).toContain(',Referencia de la solicitud,Banco o billetera,Tipo de cuenta,Número de cuenta,Titular,');
    expect(body.split('\r\n')[1]).toContain(',Rechazado,');
  });
});

describe('queuePages', () => {
  it('se detiene en la última página, y también si una página llega vacía (filas que cambiaron de estado)', async () => {
    const full = queuePages({ statuses: null }, async () => ({ rows: [ana, ana], total: 4 }), 2);
    expect((await full(null)).next).toBe(2);
    expect((await full(2)).next).toBeNull();
    const shrunk = queuePages({ statuses: null }, async () => ({ rows: [], total: 9 }), 2);
    expect((await shrunk(3)).next).toBeNull();
  });
});
