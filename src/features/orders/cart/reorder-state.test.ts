import { describe, expect, it } from 'vitest';
import type { SaleLineDetail } from '@/api/sales/sales-api';
import { readReorderNotice, reorderPlan, reorderState } from './reorder-state';

const line = (name: string, quantity: number, over: Partial<SaleLineDetail> = {}): SaleLineDetail => ({
  product_id: `id-${name}`,
  sku: name.toUpperCase(),
  name,
  image_path: null,
  quantity,
  unit_price: 10,
  unit_points: 1,
  line_total: 10 * quantity,
  line_points: quantity,
  is_active: true,
  is_kit: false,
  stock: 100,
  ...over,
});

describe('«Volver a pedir»', () => {
  it('vuelve a poner los mismos productos con sus cantidades', () => {
    const plan = reorderPlan([line('Té', 2), line('Cúrcuma', 1)]);
    expect(plan.lines).toEqual([
      { product_id: 'id-Té', name: 'Té', quantity: 2 },
      { product_id: 'id-Cúrcuma', name: 'Cúrcuma', quantity: 1 },
    ]);
    expect(plan.summary).toEqual({ added: 2, skipped: [], reduced: [] });
  });

  it('deja fuera lo retirado, los kits y lo agotado, y lo dice', () => {
    const plan = reorderPlan([line('Té', 2), line('Retirado', 1, { is_active: false }), line('Kit', 1, { is_kit: true }), line('Agotado', 3, { stock: 0 })]);
    expect(plan.lines.map((l) => l.name)).toEqual(['Té']);
    expect(plan.summary).toEqual({ added: 1, skipped: ['Retirado', 'Kit', 'Agotado'], reduced: [] });
  });

  it('pide a lo sumo lo que hay en stock, y dice qué bajó', () => {
    const plan = reorderPlan([line('Té', 5, { stock: 3 })]);
    expect(plan.lines).toEqual([{ product_id: 'id-Té', name: 'Té', quantity: 3 }]);
    expect(plan.summary.reduced).toEqual(['Té']);
  });

  it('el aviso viaja en el estado de la navegación y un estado ajeno no se toma por aviso', () => {
    const summary = { added: 1, skipped: ['Kit'], reduced: [] };
    expect(readReorderNotice(reorderState(summary))).toEqual(summary);
    expect(readReorderNotice({ reorder: { added: -1 } })).toBeNull();
    expect(readReorderNotice(null)).toBeNull();
  });
});
