import { useQuery } from '@tanstack/react-query';
import { productsQueries } from '@/api/products/products-queries';

/** The catalogue's category names (for the form's suggestions). */
export function useProductCategoriesList(): string[] {
  return useQuery(productsQueries.categories()).data?.map((c) => c.category) ?? [];
}
