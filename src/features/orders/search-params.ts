// What each screen keeps in the URL (url-state.ts): a hand-edited value falls back, never crashes.
import { z } from 'zod/mini';
import { SALE_STATUSES } from '@/lib/data/domain';
import { enumParam, pageParam, pageSizeParam, tableParams, textParam } from '@/lib/url/url-params';

export const CATALOGUE_PAGE_SIZES = [12, 24, 48] as const;

/** Hacer un Pedido: the catalogue's search, category and page, the step, and the order just placed. */
export const placeOrderSearch = z.object({
  q: textParam(80),
  categoria: textParam(60),
  pagina: pageParam(),
  por_pagina: pageSizeParam(CATALOGUE_PAGE_SIZES, 12),
  paso: enumParam(['catalogo', 'pago'], 'catalogo'),
  confirmado: textParam(40),
});

/** Mis Pedidos: newest first always; the state filter, the page and the open order. */
export const myOrdersSearch = z.object({
  ...tableParams({ sort: ['fecha'], defaultSort: '-fecha', pageSizes: [10, 20, 50], defaultPageSize: 10 }),
  estado: enumParam(SALE_STATUSES),
  pedido: textParam(40),
});
