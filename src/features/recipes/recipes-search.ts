// Recetario's URL: `?q=` search (title, product, benefit), `?pagina=` and `?por_pagina=`,
// `?receta=nueva|<id>` opens the editor, `?imprimir=<id>` the print view.
import { z } from 'zod/mini';
import { pageParam, pageSizeParam, textParam } from '@/lib/url/url-params';

export const RECIPE_PAGE_SIZES = [12, 24, 48] as const;

export const recipesSearch = z.object({
  q: textParam(100),
  pagina: pageParam(),
  por_pagina: pageSizeParam(RECIPE_PAGE_SIZES, 12),
  receta: textParam(40),
  imprimir: textParam(40),
});
export type RecipesSearch = z.output<typeof recipesSearch>;

export const NEW_RECIPE = 'nueva';
