// Mi Red's URL: the view (tree or table) and, for the table, the generation, the search, the status
// filter and the page. `?mes=` is the month picker's (useMonthParam).
import { z } from 'zod/mini';
import { NETWORK_STATUSES } from '@/api/network/network-api';
import { enumParam, tableParams, textParam } from '@/lib/url/url-params';

export const networkSearch = z.object({
  ...tableParams({ sort: ['nombre'], defaultSort: 'nombre' }),
  vista: enumParam(['arbol', 'tabla'], 'arbol'),
  gen: z.catch(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 1),
  q: textParam(100),
  estado: enumParam(NETWORK_STATUSES),
});

/** Not filters: «Quitar filtros» keeps the view and the generation. */
export const NOT_FILTERS = ['vista', 'gen'] as const;
