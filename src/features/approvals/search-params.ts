// What Aprobaciones keeps in the URL (url-state.ts): the queue's page and size and the open sale.
// A hand-edited value falls back, never crashes.
import { z } from 'zod/mini';
import { pageParam, pageSizeParam } from '@/lib/url/url-params';

export const QUEUE_PAGE_SIZES = [10, 20, 50] as const;

export const approvalsSearch = z.object({
  pagina: pageParam(),
  por_pagina: pageSizeParam(QUEUE_PAGE_SIZES, 20),
  /** The sale under review. Anything but a uuid is no sale at all. */
  venta: z.catch(z.optional(z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i))), undefined),
});
