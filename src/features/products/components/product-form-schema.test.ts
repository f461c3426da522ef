import { describe, expect, it } from 'vitest';
import { m } from '../messages';
import { formValuesOf, inputOf, productFormSchema } from './product-form-schema';

const valid = { ...formValuesOf(null), sku: 'SAU-100', name: 'Jarabe de saúco', price: '12,50', commissionable_amount: '10', points: '15' };
const problems = (patch: Partial<typeof valid>) =>
  productFormSchema.safeParse({ ...valid, ...patch }).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('el formulario de producto', () => {
  it('acepta un producto válido y manda números (coma o punto decimal)', () => {
    expect(problems({})).toEqual([]);
    expect(inputOf(valid)).toMatchObject({ sku: 'SAU-100', price: 12.5, commissionable_amount: 10, points: 15, initial_stock: 0 });
    // Pesos as a Colombian writes them: «25.000» is twenty-five thousand.
    expect(problems({ price: '25.000', commissionable_amount: '20.000' })).toEqual([]);
    expect(inputOf({ ...valid, price: '25.000', commissionable_amount: '20.000' })).toMatchObject({ price: 25000, commissionable_amount: 20000 });
  });

  it('rechaza, con los límites de la base de datos, lo que esta rechazaría', () => {
    expect(problems({ sku: 'con espacio' })).toEqual([['sku', m.skuInvalid]]);
    expect(problems({ name: 'X' })).toEqual([['name', m.nameInvalid]]);
    expect(problems({ price: '0', commissionable_amount: '0' })).toEqual([['price', m.priceInvalid]]);
    expect(problems({ price: '-5', commissionable_amount: '0' })).toEqual([['price', m.priceInvalid]]);
    expect(problems({ price: '100000000.01' })).toEqual([['price', m.priceInvalid]]);
    expect(problems({ price: '12,345', commissionable_amount: '0' })).toEqual([['price', m.priceInvalid]]);
    expect(problems({ price: '1.2.3', commissionable_amount: '0' })).toEqual([['price', m.priceInvalid]]);
    expect(problems({ commissionable_amount: '12,51' })).toEqual([['commissionable_amount', m.baseOverPrice]]);
    expect(problems({ points: '-1' })).toEqual([['points', m.pointsInvalid]]);
    expect(problems({ initial_stock: '1,5' })).toEqual([['initial_stock', m.stockInvalid]]);
  });

  it('al editar, parte de los valores guardados', () => {
    expect(
      formValuesOf({
        id: 'x',
        sku: 'A-1',
        name: 'Té',
        description: null,
        category: null,
        benefits: ['descanso'],
        components: [],
        price: 9.5,
        commissionable_amount: 8,
        points: 3,
        stock: 1,
        is_kit: false,
        is_active: true,
        image_path: 'x/a.jpg',
        created_at: '',
        updated_at: '',
        committed: 0,
        over_committed: false,
        low_stock: true,
        unit_cost: null,
        margin: null,
        plan_max_payout: null,
        margin_after_plan: null,
      }),
    ).toMatchObject({ price: '9.50', commissionable_amount: '8.00', points: '3', benefits: ['descanso'], keepPhoto: true });
  });
});
