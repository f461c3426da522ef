import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  fetchApprovalQueue,
  fetchMyOrders,
  fetchSale,
  fetchSaleChecks,
  fetchSaleEntries,
  fetchVoucherNote,
  fetchSaleLines,
  previewSaleRewards,
  type MyOrdersParams,
  type QueueParams,
} from './sales-api';

/** The approvals queue refreshes itself: another staff member may act on it meanwhile. */
export const APPROVALS_REFRESH_MS = 30_000;

export const salesQueries = {
  all: () => ['sales'] as const,
  mine: (p: MyOrdersParams) =>
    queryOptions({
      queryKey: [...salesQueries.all(), 'mine', p] as const,
      queryFn: ({ signal }) => fetchMyOrders(p, signal),
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) => queryOptions({ queryKey: [...salesQueries.all(), 'detail', id] as const, queryFn: ({ signal }) => fetchSale(id, signal) }),
  /** A sale's lines by name, withdrawn products included. */
  lines: (id: string) => queryOptions({ queryKey: [...salesQueries.all(), 'lines', id] as const, queryFn: ({ signal }) => fetchSaleLines(id, signal) }),
  entries: (id: string) => queryOptions({ queryKey: [...salesQueries.all(), 'entries', id] as const, queryFn: ({ signal }) => fetchSaleEntries(id, signal) }),
  /** Every page of the approvals queue, to refresh them together. */
  approvalQueues: () => [...salesQueries.all(), 'approval-queue'] as const,
  approvalQueue: (p: QueueParams) =>
    queryOptions({
      queryKey: [...salesQueries.approvalQueues(), p] as const,
      queryFn: ({ signal }) => fetchApprovalQueue(p, signal),
      placeholderData: keepPreviousData,
      refetchInterval: APPROVALS_REFRESH_MS,
    }),
  rewardPreview: (id: string) =>
    queryOptions({ queryKey: [...salesQueries.all(), 'reward-preview', id] as const, queryFn: ({ signal }) => previewSaleRewards(id, signal) }),
  voucherNote: (id: string) =>
    queryOptions({ queryKey: [...salesQueries.all(), 'voucher-note', id] as const, queryFn: ({ signal }) => fetchVoucherNote(id, signal) }),
  checks: (id: string) => queryOptions({ queryKey: [...salesQueries.all(), 'checks', id] as const, queryFn: ({ signal }) => fetchSaleChecks(id, signal) }),
};
