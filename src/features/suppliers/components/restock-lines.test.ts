import { describe, expect, it } from 'vitest';
import { m } from '../messages';
import { lineProblem, toInput, type DraftLine } from './restock-lines';

const line = (patch: Partial<DraftLine>): DraftLine => ({ product_id: 'p1', quantity: '5', unit_cost: '2.50', ...patch });

describe('las líneas de una reposición, con los límites de register_restock', () => {
  it('lee el costo como se escribe en pesos y lo manda como número', () => {
    expect(toInput(line({ quantity: ' 7 ', unit_cost: '0,99' }))).toEqual({ product_id: 'p1', quantity: 7, unit_cost: 0.99 });
    expect(toInput(line({ unit_cost: '12.500' }))).toMatchObject({ unit_cost: 12500 });
    expect(lineProblem(line({ unit_cost: '9.500,50' }))).toBeNull();
  });

  it('pide producto, unidades enteras de 1 a 100.000 y un costo de 0 a 10.000.000 con dos decimales', () => {
    expect(lineProblem(line({}))).toBeNull();
    expect(lineProblem(line({ unit_cost: '0' }))).toBeNull();
    expect(lineProblem(line({ quantity: '100000', unit_cost: '10000000' }))).toBeNull();
    expect(lineProblem(line({ product_id: '' }))).toBe(m.needProduct);
    for (const quantity of ['0', '-1', '2.5', '', 'diez', '100001']) expect(lineProblem(line({ quantity }))).toBe(m.needQuantity);
    for (const unit_cost of ['-1', '', '1,234', '10000000.01', 'gratis', '1e3']) expect(lineProblem(line({ unit_cost }))).toBe(m.needCost);
  });
});
