// Clientes' URL: the search, the filters, the sort and the page (`?q=gómez&nivel=3&orden=-ingreso`).
import { z } from 'zod/mini';
import { ENROLLMENT_STATUSES, MEMBER_SORTS } from '@/api/clients/clients-api';
import { enumParam, tableParams, textParam } from '@/lib/url/url-params';

export const clientsSearch = z.object({
  ...tableParams({ sort: MEMBER_SORTS, defaultSort: 'nombre', defaultPageSize: 20 }),
  q: textParam(100),
  activo: enumParam(['si', 'no']),
  nivel: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(20))), undefined),
  estado: enumParam(ENROLLMENT_STATUSES),
  ciudad: textParam(100),
});

// The record's URL: which tab (the network by default) and, for the network and «¿Por qué no cobró?», `?mes=`.
export const CLIENT_TABS = ['red', 'pedidos', 'movimientos', 'retiros', 'bitacora', 'por-que-no-cobro'] as const;
export type ClientTab = (typeof CLIENT_TABS)[number];
export const clientDetailSearch = z.object({ tab: enumParam(CLIENT_TABS, 'red'), pagina: z.catch(z.coerce.number().check(z.int(), z.minimum(1)), 1) });
