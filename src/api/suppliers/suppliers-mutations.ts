import { useMutation } from '@tanstack/react-query';
import { catalogueQueries } from '@/api/catalogue/catalogue-queries';
import { deleteSupplier, registerRestock, saveSupplier } from './suppliers-api';
import { suppliersQueries } from './suppliers-queries';

export const suppliersMessages = {
  saved: 'Proveedor guardado.',
  deleted: 'Proveedor eliminado.',
  restocked: 'Reposición registrada: el stock ya subió.',
} as const;

/** The form pins a refusal to its field (DETAIL names it), so no toast on error. */
export function useSaveSupplier() {
  return useMutation({ mutationFn: saveSupplier, meta: { success: suppliersMessages.saved, quietError: true, invalidates: [suppliersQueries.all()] } });
}

/** The dialog shows a refusal beside the line it concerns; a restock changes the stock everyone reads. */
export function useRegisterRestock() {
  return useMutation({
    mutationFn: registerRestock,
    meta: { success: suppliersMessages.restocked, quietError: true, invalidates: [suppliersQueries.all(), catalogueQueries.all()] },
  });
}

/** The confirmation shows a refusal inside it (a supplier with restocks is deactivated instead). */
export function useDeleteSupplier() {
  return useMutation({ mutationFn: deleteSupplier, meta: { success: suppliersMessages.deleted, quietError: true, invalidates: [suppliersQueries.all()] } });
}
