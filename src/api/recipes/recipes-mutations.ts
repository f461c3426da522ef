import { useMutation } from '@tanstack/react-query';
import { deleteRecipe, saveRecipe } from './recipes-api';
import { recipesQueries } from './recipes-queries';

export const recipesMessages = {
  saved: 'Receta guardada.',
  deleted: 'Receta borrada.',
} as const;

const invalidates = [recipesQueries.all()];

/** The form pins a refusal to its field, so no toast on error. */
export function useSaveRecipe() {
  return useMutation({
    mutationFn: saveRecipe,
    meta: { success: recipesMessages.saved, quietError: true, invalidates },
  });
}

/** The confirmation shows the refusal inside it. */
export function useDeleteRecipe() {
  return useMutation({
    mutationFn: deleteRecipe,
    meta: { success: recipesMessages.deleted, quietError: true, invalidates },
  });
}
