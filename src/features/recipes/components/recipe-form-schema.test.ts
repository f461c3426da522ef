import { describe, expect, it } from 'vitest';
import { formValuesOf, inputOf, NO_PRODUCTS, recipeFormSchema } from './recipe-form-schema';

const line = { product_id: 'p1', name: 'Moringa en cápsulas', amount: ' 1 cápsula ', status: 'disponible' };
const valid = { ...formValuesOf(null), title: 'Batido verde', benefits: ['energia', 'digestion'], products: [line] };
const problems = (patch: Partial<typeof valid>) =>
  recipeFormSchema.safeParse({ ...valid, ...patch }).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('el formulario de receta', () => {
  it('acepta una receta válida y manda las claves de sus beneficios y cantidades recortadas', () => {
    expect(problems({})).toEqual([]);
    expect(inputOf(valid)).toEqual({
      title: 'Batido verde',
      description: '',
      instructions: '',
      benefits: ['energia', 'digestion'],
      products: [{ product_id: 'p1', amount: '1 cápsula' }],
    });
  });

  it('rechaza con las frases y los límites de la base de datos', () => {
    expect(problems({ products: [] })).toEqual([['products', NO_PRODUCTS]]);
    expect(NO_PRODUCTS).toBe('Agrega al menos un producto del catálogo a la receta.');
    expect(problems({ title: ' x ' })).toEqual([['title', 'El título debe tener de 2 a 120 caracteres.']]);
    expect(problems({ products: [{ ...line, amount: '  ' }] })[0]?.[0]).toBe('products.0.amount');
    expect(problems({ products: [{ ...line, amount: 'x'.repeat(61) }] })[0]?.[0]).toBe('products.0.amount');
  });
});
