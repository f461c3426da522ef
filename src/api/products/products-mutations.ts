import { useMutation } from '@tanstack/react-query';
import { catalogueQueries } from '@/api/catalogue/catalogue-queries';
import { adjustStock, deleteProduct, saveProduct, setProductActive } from './products-api';
import { productsQueries } from './products-queries';

export const productsMessages = {
  saved: 'Producto guardado.',
  adjusted: 'Stock ajustado.',
  activated: 'Producto activado: los miembros ya pueden pedirlo.',
  deactivated: 'Producto desactivado: ya no se ofrece a los miembros.',
  deleted: 'Producto borrado.',
} as const;

// The catalogue members order from changes with every one of these.
const invalidates = [productsQueries.all(), catalogueQueries.all()];

/** The form pins a refusal to its field, so no toast on error. */
export function useSaveProduct() {
  return useMutation({ mutationFn: saveProduct, meta: { success: productsMessages.saved, quietError: true, invalidates } });
}

/** The dialog shows the refusal beside the quantity or the reason. */
export function useAdjustStock() {
  return useMutation({ mutationFn: adjustStock, meta: { success: productsMessages.adjusted, quietError: true, invalidates } });
}

export function useSetProductActive() {
  return useMutation({
    mutationFn: setProductActive,
    meta: { quietError: true, invalidates },
  });
}

export function useDeleteProduct() {
  return useMutation({ mutationFn: deleteProduct, meta: { success: productsMessages.deleted, quietError: true, invalidates } });
}
