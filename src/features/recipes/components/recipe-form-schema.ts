// The recipe form's checks, with the database's limits and sentences (save_recipe checks them all
// again and its refusal is pinned to the field it names).
import { z } from 'zod';
import type { RecipeInput, RecipeRow } from '@/api/recipes/recipes-api';

export const NO_PRODUCTS = 'Agrega al menos un producto del catálogo a la receta.';

const line = z.object({
  product_id: z.string(),
  name: z.string(),
  amount: z.string().trim().min(1, 'Escribe la cantidad (por ejemplo «2 cucharadas»).').max(60, 'La cantidad admite hasta 60 caracteres.'),
  status: z.string(),
});

export const recipeFormSchema = z.object({
  title: z.string().trim().min(2, 'El título debe tener de 2 a 120 caracteres.').max(120, 'El título debe tener de 2 a 120 caracteres.'),
  description: z.string().trim().max(2000, 'La descripción puede tener hasta 2.000 caracteres.'),
  instructions: z.string().trim().max(10000, 'La preparación puede tener hasta 10.000 caracteres.'),
  // keys of the closed list, chosen as chips (save_recipe refuses any other)
  benefits: z.array(z.string()),
  products: z.array(line).min(1, NO_PRODUCTS).max(30, 'Una receta usa hasta 30 productos.'),
  photo: z.instanceof(File).nullable(),
  keepPhoto: z.boolean(),
});

export type RecipeFormValues = z.input<typeof recipeFormSchema>;
export type RecipeFormLine = RecipeFormValues['products'][number];

export function formValuesOf(r: RecipeRow | null): RecipeFormValues {
  return {
    title: r?.title ?? '',
    description: r?.description ?? '',
    instructions: r?.instructions ?? '',
    benefits: r?.benefits ?? [],
    products: (r?.products ?? []).map((p) => ({
      product_id: p.product_id,
      name: p.name,
      amount: p.amount ?? '',
      status: p.status,
    })),
    photo: null,
    keepPhoto: !!r?.image_path,
  };
}

export function inputOf(v: RecipeFormValues): RecipeInput {
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    instructions: v.instructions.trim(),
    benefits: v.benefits,
    products: v.products.map((p) => ({
      product_id: p.product_id,
      amount: p.amount.trim(),
    })),
  };
}
