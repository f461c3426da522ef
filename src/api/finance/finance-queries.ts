import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchFinanceMonth, fetchFinanceProducts, fetchFinanceSeries } from './finance-api';

export const financeQueries = {
  all: () => ['finance'] as const,
  month: (month: string) =>
    queryOptions({
      queryKey: [...financeQueries.all(), 'month', month] as const,
      queryFn: ({ signal }) => fetchFinanceMonth(month, signal),
      placeholderData: keepPreviousData,
    }),
  products: (month: string) =>
    queryOptions({
      queryKey: [...financeQueries.all(), 'products', month] as const,
      queryFn: ({ signal }) => fetchFinanceProducts(month, signal),
      placeholderData: keepPreviousData,
    }),
  series: (months: number) =>
    queryOptions({ queryKey: [...financeQueries.all(), 'series', months] as const, queryFn: ({ signal }) => fetchFinanceSeries(months, signal) }),
};
