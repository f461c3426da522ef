// Proveedores' URL: the tab, the list's search, state and page, the history's supplier and page, and
// `?reponer=<product id>` (the Dashboard's «Reponer»), which opens «Registrar reposición» with it.
import { z } from 'zod/mini';
import { enumParam, pageParam, pageSizeParam, tableParams, textParam } from '@/lib/url/url-params';

export const SUPPLIER_TABS = ['proveedores', 'historial'] as const;
export const HISTORY_PAGE_SIZES = [10, 20, 50] as const;

export const suppliersSearch = z.object({
  ...tableParams({ sort: ['nombre'], defaultSort: 'nombre', defaultPageSize: 20 }),
  vista: enumParam(SUPPLIER_TABS, 'proveedores'),
  q: textParam(100),
  estado: enumParam(['activos', 'inactivos']),
  proveedor: textParam(40),
  hpagina: pageParam(),
  hpor_pagina: pageSizeParam(HISTORY_PAGE_SIZES, 10),
  reponer: textParam(40),
});

/** Not filters of the suppliers' list: the tab, the history's own state, the dialog. */
export const NOT_LIST_FILTERS = ['vista', 'proveedor', 'hpagina', 'hpor_pagina', 'reponer'] as const;
