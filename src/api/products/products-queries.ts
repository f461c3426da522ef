import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchProduct, fetchProductCategories, fetchProductMovements, fetchProducts, type MovementParams, type ProductListParams } from './products-api';

export const productsQueries = {
  all: () => ['products'] as const,
  list: (p: ProductListParams) =>
    queryOptions({
      queryKey: [...productsQueries.all(), 'list', p] as const,
      queryFn: ({ signal }) => fetchProducts(p, signal),
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) => queryOptions({ queryKey: [...productsQueries.all(), 'detail', id] as const, queryFn: ({ signal }) => fetchProduct(id, signal) }),
  categories: () =>
    queryOptions({
      queryKey: [...productsQueries.all(), 'categories'] as const,
      queryFn: ({ signal }) => fetchProductCategories(signal),
      staleTime: 5 * 60_000,
    }),
  movements: (p: MovementParams) =>
    queryOptions({
      queryKey: [...productsQueries.all(), 'movements', p] as const,
      queryFn: ({ signal }) => fetchProductMovements(p, signal),
      placeholderData: keepPreviousData,
    }),
};
