import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchRecipe, fetchRecipes, type RecipeListParams } from './recipes-api';

export const recipesQueries = {
  all: () => ['recipes'] as const,
  list: (p: RecipeListParams) =>
    queryOptions({
      queryKey: [...recipesQueries.all(), 'list', p] as const,
      queryFn: ({ signal }) => fetchRecipes(p, signal),
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...recipesQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => fetchRecipe(id, signal),
    }),
};
