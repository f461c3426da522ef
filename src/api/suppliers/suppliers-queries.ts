import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  fetchProductOptions,
  fetchRestockSuggestions,
  fetchRestocks,
  fetchSupplierOptions,
  searchSuppliers,
  type RestockHistoryParams,
  type SupplierSearchParams,
} from './suppliers-api';

export const suppliersQueries = {
  all: () => ['suppliers'] as const,
  search: (p: SupplierSearchParams) =>
    queryOptions({
      queryKey: [...suppliersQueries.all(), 'search', p] as const,
      queryFn: ({ signal }) => searchSuppliers(p, signal),
      placeholderData: keepPreviousData,
    }),
  options: () => queryOptions({ queryKey: [...suppliersQueries.all(), 'options'] as const, queryFn: ({ signal }) => fetchSupplierOptions(signal) }),
  products: () => queryOptions({ queryKey: [...suppliersQueries.all(), 'products'] as const, queryFn: ({ signal }) => fetchProductOptions(signal) }),
  restocks: (p: RestockHistoryParams) =>
    queryOptions({
      queryKey: [...suppliersQueries.all(), 'restocks', p] as const,
      queryFn: ({ signal }) => fetchRestocks(p, signal),
      placeholderData: keepPreviousData,
    }),
  suggestions: () => queryOptions({ queryKey: [...suppliersQueries.all(), 'suggestions'] as const, queryFn: ({ signal }) => fetchRestockSuggestions(signal) }),
};
