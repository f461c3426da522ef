// Recetario (staff): recipes with their products, each flagged by the database (agotado, retirado).
// Every read and write is a function that refuses anyone but staff (the reads in
// 20250701092000_reads_catalogue_and_sales.sql, save_recipe and delete_recipe in 20250701050000_catalogue.sql);
// the photo goes to the recipe's folder of the public recipe-images bucket before save_recipe checks it.
import { z } from 'zod/mini';
import { BUCKETS, uploadFile } from '@/api/storage/storage-api';
import { unwrap, type Page } from '@/lib/data/db';
import { supabase } from '@/lib/data/supabase';

export const INGREDIENT_STATES = ['disponible', 'agotado', 'retirado'] as const;
export type IngredientState = (typeof INGREDIENT_STATES)[number];

const ingredient = z.object({
  product_id: z.string(),
  sku: z.string(),
  name: z.string(),
  amount: z.nullable(z.string()),
  stock: z.int(),
  status: z.enum(INGREDIENT_STATES),
});
export type RecipeIngredient = z.infer<typeof ingredient>;

const recipeRow = z.object({
  id: z.string(),
  title: z.string(),
  description: z.nullable(z.string()),
  instructions: z.string(),
  benefits: z.array(z.string()),
  image_path: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  products: z.array(ingredient),
  unavailable: z.int(),
  on_public_pages: z.boolean(),
});
export type RecipeRow = z.infer<typeof recipeRow>;

export interface RecipeListParams {
  query: string | null;
  page: number;
  pageSize: number;
}

export async function fetchRecipes(p: RecipeListParams, signal: AbortSignal): Promise<Page<RecipeRow>> {
  const query = supabase
    .rpc('list_recipes', {
      p_query: p.query ?? undefined,
      p_page: p.page,
      p_page_size: p.pageSize,
    })
    .abortSignal(signal);
  const rows = await unwrap(query);
  return {
    rows: rows.map((r) => recipeRow.parse(r)),
    total: Number(rows[0]?.total ?? 0),
  };
}

export async function fetchRecipe(id: string, signal: AbortSignal): Promise<RecipeRow> {
  return recipeRow.parse(await unwrap(supabase.rpc('get_recipe', { p_recipe_id: id }).abortSignal(signal)));
}

/** What the form sends, checked by its schema first; the database checks it all again. */
export interface RecipeInput {
  title: string;
  description: string;
  instructions: string;
  benefits: string[];
  products: { product_id: string; amount: string }[];
}

export interface SaveRecipeArgs {
  /** The recipe's id; a new recipe gets it from the form (newRecipeId), so its photo goes to its own
   *  folder (recipe-images/<id>/) before save_recipe checks that the file is there. */
  id: string;
  input: RecipeInput;
  /** A new photo to upload (already resized), or null to keep `imagePath`. */
  photo: File | null;
  /** The photo it has now (null: none, or removed). */
  imagePath: string | null;
}

export const newRecipeId = (): string => crypto.randomUUID();

/** Uploads the new photo (if any), then saves; a refused save leaves at most an unused photo behind. */
export async function saveRecipe({ id, input, photo, imagePath }: SaveRecipeArgs): Promise<RecipeRow> {
  const path = photo ? await uploadFile(BUCKETS.recipes, id, photo) : imagePath;
  const data = await unwrap(
    supabase.rpc('save_recipe', {
      p_id: id,
      p_title: input.title,
      p_products: input.products,
      p_description: input.description,
      p_instructions: input.instructions,
      p_benefits: input.benefits,
      p_image_path: path ?? undefined,
    }),
  );
  return recipeRow.parse(data);
}

/** Deletes the recipe, then its photo (a photo left behind would stay readable by its public URL). */
export async function deleteRecipe({ id, imagePath }: { id: string; imagePath: string | null }): Promise<void> {
  await unwrap(supabase.rpc('delete_recipe', { p_recipe_id: id }));
  // The recipe is gone either way: a photo that could not be removed is not worth an error.
  if (imagePath) await supabase.storage.from(BUCKETS.recipes).remove([imagePath]);
}
