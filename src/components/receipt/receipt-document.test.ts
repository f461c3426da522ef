import { describe, expect, it } from 'vitest';
import type { Sale, SaleLineDetail } from '@/api/sales/sales-api';
import { createFormatters } from '@/lib/format/format';
import { buildReceipt, NOT_AN_INVOICE, RECEIPT_TITLE, WALK_IN } from './receipt-document';

const f = createFormatters({ currency: 'COP', timezone: 'America/Bogota' });

const sale: Sale = {
  id: 's1',
  sale_no: 205,
  client_id: 'c1',
  kind: 'order',
  status: 'Pagada',
  total: 37.5,
  commissionable_total: 37.5,
  points_total: 21,
  period_month: '2026-11-01',
  payment_method: 'transferencia',
  payment_reference: 'REF-77',
  voucher_path: null,
  delivery_address: 'Calle 6 # 12-9, Medellín',
  notes: null,
  rejection_reason: null,
  cancellation_reason: null,
  created_at: '2026-11-23T15:26:00Z',
  approved_at: '2026-11-24T14:00:00Z',
  delivered_at: null,
  rejected_at: null,
  cancelled_at: null,
};

const lines: SaleLineDetail[] = [
  {
    product_id: 'p1',
    sku: 'M-TE',
    name: 'Té de moringa',
    image_path: null,
    quantity: 3,
    unit_price: 12.5,
    unit_points: 7,
    line_total: 37.5,
    line_points: 21,
    is_active: true,
    is_kit: false,
    stock: 37,
  },
];

/** Every string the document would print, in order. */
function texts(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(texts);
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => (k === 'style' || k === 'alignment' || k === 'color' ? [] : texts(v)));
  return [];
}

describe('el «Comprobante de venta»', () => {
  const doc = buildReceipt({
    sale,
    lines,
    settings: { company_name: 'Savia Natural', contact_info: 'Tel. 300 555 0100', payment_details: 'Nequi 300 555 0100' },
    member: { name: 'María Activa', email: 'maria@savia.test', document_number: '1020' },
    f,
    now: new Date('2026-11-25T12:00:00Z'),
  });
  const printed = texts(doc.content).join(' | ');

  it('lleva la empresa, el título, el número, el estado y la fecha en la hora de la empresa', () => {
    expect(printed).toContain('Savia Natural');
    expect(printed).toContain(RECEIPT_TITLE);
    expect(printed).toContain('N.º 205');
    expect(printed).toContain('Estado: Pagada');
    expect(printed).toContain(f.dateTime(sale.created_at));
    expect(doc.info?.title).toBe('Comprobante de venta N.º 205');
  });

  it('las líneas, el total y los puntos con los mismos formatos que la pantalla', () => {
    for (const s of ['Té de moringa', '3', f.money(12.5), '21', f.money(37.5)]) expect(printed).toContain(s);
  });

  it('el miembro, el pago y su referencia, y que no es una factura', () => {
    for (const s of ['María Activa', '1020', 'Transferencia', 'REF-77', 'Nequi 300 555 0100', NOT_AN_INVOICE]) expect(printed).toContain(s);
  });
});

describe('el comprobante de una venta a un cliente sin membresía', () => {
  const printed = texts(
    buildReceipt({
      sale: { ...sale, kind: 'direct', client_id: null },
      lines,
      settings: { company_name: 'Savia Natural', contact_info: '', payment_details: '' },
      member: { name: 'Rosa Díaz', email: null, document_number: '1.020.304', phone: '+57 300 123 4567', walkIn: true },
      f,
    }).content,
  ).join(' | ');

  it('nombra al cliente, dice que no es miembro y trae los datos que dio', () => {
    for (const s of ['Rosa Díaz', WALK_IN, '1.020.304', '+57 300 123 4567']) expect(printed).toContain(s);
    expect(printed).not.toContain('Correo');
  });
});
