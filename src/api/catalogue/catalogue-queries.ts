import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OrderItem } from '@/lib/data/domain';
import { fetchOrderCatalogue, fetchOrderCategories, previewOrder, type CatalogueParams } from './catalogue-api';

export const catalogueQueries = {
  all: () => ['catalogue'] as const,
  orderable: (p: CatalogueParams) =>
    queryOptions({
      queryKey: [...catalogueQueries.all(), 'orderable', p] as const,
      queryFn: ({ signal }) => fetchOrderCatalogue(p, signal),
      placeholderData: keepPreviousData,
    }),
  categories: () =>
    queryOptions({
      queryKey: [...catalogueQueries.all(), 'categories'] as const,
      queryFn: ({ signal }) => fetchOrderCategories(signal),
      staleTime: 5 * 60 * 1000,
    }),
  /** The cart as the database prices it; refetched whenever the cart changes. */
  preview: (items: OrderItem[]) =>
    queryOptions({
      queryKey: [...catalogueQueries.all(), 'preview', items] as const,
      queryFn: ({ signal }) => previewOrder(items, signal),
      enabled: items.length > 0,
      placeholderData: keepPreviousData,
    }),
};
