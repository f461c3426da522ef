import { describe, expect, it } from 'vitest';
import { DbError } from '@/lib/data/db';
import { idsInDetails, markMessage, marksFromError, marksFromPreview, mergeMarks } from './line-marks';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';

const line = (product_id: string, quantity: number, stock: number) => ({
  product_id,
  name: product_id,
  quantity,
  unit_price: 10,
  line_total: 10 * quantity,
  unit_points: 1,
  line_points: quantity,
  stock,
  enough_stock: stock >= quantity,
});

const refusal = (code: string, details: string) => new DbError({ code: 'P0001', message: 'No', hint: `savia:${code}`, details });

describe('las líneas marcadas', () => {
  it('lee los ids de los detalles de un rechazo con o sin espacios, e ignora lo demás', () => {
    expect(idsInDetails(`${A},${B}`)).toEqual([A, B]);
    expect(idsInDetails(`${A}, ${B}`)).toEqual([A, B]);
    expect(idsInDetails('Cantidad recibida: 0')).toEqual([]);
    expect(idsInDetails(null)).toEqual([]);
  });

  it('la vista previa marca lo agotado y lo que no alcanza, con lo que queda', () => {
    const marks = marksFromPreview({ lines: [line(A, 2, 10), line(B, 3, 0), line(C, 5, 2)] });
    expect(marks.has(A)).toBe(false);
    expect(marks.get(B)).toEqual({ kind: 'sold_out' });
    expect(marks.get(C)).toEqual({ kind: 'short', stock: 2 });
  });

  it('insufficient_stock marca cada producto que nombra, con el stock que da la vista previa', () => {
    const marks = marksFromError(refusal('insufficient_stock', `${A},${B}`), { lines: [line(A, 4, 0)] });
    expect(marks.get(A)).toEqual({ kind: 'sold_out' });
    expect(marks.get(B)).toEqual({ kind: 'short', stock: null });
  });

  it('unknown_product marca los productos retirados', () => {
    const marks = marksFromError(refusal('unknown_product', `${C}, ${A}`));
    expect([...marks.entries()]).toEqual([
      [C, { kind: 'withdrawn' }],
      [A, { kind: 'withdrawn' }],
    ]);
  });

  it('otros rechazos y errores sin producto no marcan ninguna línea', () => {
    expect(marksFromError(refusal('invalid_voucher', A)).size).toBe(0);
    expect(marksFromError(new DbError({ message: 'Failed to fetch', status: 0 })).size).toBe(0);
    expect(marksFromError(null).size).toBe(0);
  });

  it('al juntar fuentes gana la primera', () => {
    const merged = mergeMarks(
      new Map([[A, { kind: 'withdrawn' as const }]]),
      new Map([
        [A, { kind: 'sold_out' as const }],
        [B, { kind: 'sold_out' as const }],
      ]),
    );
    expect(merged.get(A)).toEqual({ kind: 'withdrawn' });
    expect(merged.get(B)).toEqual({ kind: 'sold_out' });
  });

  it('cada marca dice qué pasa y qué hacer', () => {
    expect(markMessage({ kind: 'withdrawn' })).toBe('Ya no está a la venta: quítalo del carrito para continuar.');
    expect(markMessage({ kind: 'sold_out' })).toBe('Agotado: quítalo del carrito para continuar.');
    expect(markMessage({ kind: 'short', stock: 3 })).toBe('Solo quedan 3: baja la cantidad a 3 o menos.');
    expect(markMessage({ kind: 'short', stock: null })).toBe('No hay suficientes unidades: baja la cantidad.');
  });
});
