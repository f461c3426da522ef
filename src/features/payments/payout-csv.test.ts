import { describe, expect, it, vi } from 'vitest';
import type { PayoutQueueParams, QueuedPayout } from '@/api/payouts/payouts-api';
import { createFormatters } from '@/lib/format/format';
import { buildListCsv, buildPaymentFile, LIST_HEADER, listRow, PAYMENT_FILE_HEADER, paymentFileRow, queuePages } from './payout-csv';

const f = createFormatters({ currency: 'COP', timezone: 'America/Bogota' });

const ana: QueuedPayout = {
  id: '0b6c1a52-7a1e-4d5e-9a57-2f0f3c0c0001',
  client_id: 'c1',
  client_name: 'Ana Torres',
  client_email: 'ana.torres@savia.test',
  client_document: 'CC 1.234.567',
  amount: 80000,
  status: 'approved',
  payment_details: 'Bancolombia ahorros 123-456, titular "Ana" Torres',
  payment_reference: null,
  rejection_reason: null,
  // 23:30 in Bogotá on Oct 31 is already Nov 1 in UTC.
  requested_at: '2026-11-01T04:30:00Z',
  decided_at: '2026-11-02T15:00:00Z',
  paid_at: null,
  available: 12345.5,
};

const text = async (blob: Blob) => {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  return { bom: [...bytes.slice(0, 3)], body: new TextDecoder().decode(bytes.slice(3)) };
};

describe('archivo de pago', () => {
  it('una fila por solicitud: quién, su documento, cuánto (decimal plano), a qué cuenta y el id de la solicitud', () => {
    expect(paymentFileRow(ana, f)).toEqual([
      ana.id,
      'Ana Torres',
      'CC 1.234.567',
      'ana.torres@savia.test',
      '80000.00',
      'COP',
      'Bancolombia ahorros 123-456, titular "Ana" Torres',
    ]);
  });

  it('sin documento ni datos de pago, esas celdas quedan vacías', () => {
    expect(paymentFileRow({ ...ana, client_document: null, payment_details: null }, f)).toEqual([
      ana.id,
      'Ana Torres',
      null,
      'ana.torres@savia.test',
      '80000.00',
      'COP',
      null,
    ]);
  });

  it('pide solo las aprobadas, página a página, y escribe UTF-8 con BOM y comillas RFC 4180', async () => {
    const asked: PayoutQueueParams[] = [];
    const fetchPage = vi.fn(async (p: PayoutQueueParams) => {
      asked.push(p);
      // 201 approved: a full page of 200 (two shown here) and one more.
      return p.page === 1 ? { rows: [ana, { ...ana, id: 'segunda', amount: 20.5 }], total: 201 } : { rows: [{ ...ana, id: 'tercera' }], total: 201 };
    });
    const { blob, count } = await buildPaymentFile(f, fetchPage);
    expect(asked.map((p) => [p.statuses, p.month, p.page, p.pageSize])).toEqual([
      [['approved'], null, 1, 200],
      [['approved'], null, 2, 200],
    ]);
    expect(count).toBe(3);
    const { bom, body } = await text(blob);
    expect(bom).toEqual([0xef, 0xbb, 0xbf]);
    const lines = body.split('\r\n');
    expect(lines[0]).toBe(PAYMENT_FILE_HEADER.join(','));
    expect(lines[1]).toBe(`${ana.id},Ana Torres,CC 1.234.567,ana.torres@savia.test,80000.00,COP,"Bancolombia ahorros 123-456, titular ""Ana"" Torres"`);
    expect(lines[2]).toContain('segunda,Ana Torres,CC 1.234.567,ana.torres@savia.test,20.50,COP,');
    expect(lines[3]).toContain('tercera,');
    expect(lines[4]).toBe('');
    expect(lines).toHaveLength(5);
  });

  it('sin aprobadas, el archivo tiene solo el encabezado', async () => {
    const { blob, count } = await buildPaymentFile(f, async () => ({ rows: [], total: 0 }));
    expect(count).toBe(0);
    expect((await text(blob)).body).toBe(`${PAYMENT_FILE_HEADER.join(',')}\r\n`);
  });
});

describe('CSV de la lista', () => {
  it('fechas ISO con la hora de la empresa, estado en español, importes y saldo en decimal plano', () => {
    const paid = { ...ana, status: 'paid' as const, paid_at: '2026-11-03T17:05:09Z', payment_reference: 'TRF-1' };
    expect(listRow(paid, f)).toEqual([
      ana.id,
      '2026-10-31T23:30:00-05:00',
      'Ana Torres',
      'ana.torres@savia.test',
      'CC 1.234.567',
      '80000.00',
      'COP',
      'Pagado',
      ana.payment_details,
      '2026-11-02T10:00:00-05:00',
      '2026-11-03T12:05:09-05:00',
      'TRF-1',
      null,
      '12345.50',
    ]);
    expect(listRow(paid, f)).toHaveLength(LIST_HEADER.length);
  });

  it('exporta exactamente el filtro de la pantalla (estado y mes)', async () => {
    const fetchPage = vi.fn(async (_p: PayoutQueueParams) => ({ rows: [{ ...ana, status: 'rejected' as const, rejection_reason: 'Cuenta ajena' }], total: 1 }));
    const { blob, count } = await buildListCsv({ statuses: ['rejected'], month: '2026-10-01' }, f, fetchPage);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage.mock.calls[0]?.[0]).toMatchObject({ statuses: ['rejected'], month: '2026-10-01', page: 1 });
    expect(count).toBe(1);
    expect((await text(blob)).body.split('\r\n')[1]).toContain(',Rechazado,');
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
