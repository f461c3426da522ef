import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { salesQueries } from '@/api/sales/sales-queries';
import { fetchSaleDetail, fetchSalesTotals, previewCancellation, searchSales, type SalesFilter, type SalesListParams } from './sales-admin-api';

// Under the sales root, so every sale action's invalidation (sales-mutations' moneyAndStock) refreshes them too.
const root = () => [...salesQueries.all(), 'admin'] as const;

export const salesAdminQueries = {
  all: root,
  list: (p: SalesListParams) =>
    queryOptions({ queryKey: [...root(), 'list', p] as const, queryFn: ({ signal }) => searchSales(p, signal), placeholderData: keepPreviousData }),
  totals: (f: SalesFilter) =>
    queryOptions({ queryKey: [...root(), 'totals', f] as const, queryFn: ({ signal }) => fetchSalesTotals(f, signal), placeholderData: keepPreviousData }),
  detail: (id: string) => queryOptions({ queryKey: [...root(), 'detail', id] as const, queryFn: ({ signal }) => fetchSaleDetail(id, signal) }),
  /** Always read fresh when the dialog opens: another tab may have changed the sale. */
  cancellationPreview: (id: string) =>
    queryOptions({ queryKey: [...root(), 'cancellation-preview', id] as const, queryFn: ({ signal }) => previewCancellation(id, signal), staleTime: 0 }),
};
