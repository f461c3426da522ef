// Ventas' URL (the contract other screens link to, ISSUE12-BRIEF.md): `?estado=pagada,entregada`
// (one or several), `?tipo=pedido|enrolamiento|directa`, `?desde=2026-11-01&hasta=2026-11-30` (the
// sale's date in the company's time zone, both inclusive), `?miembro=<client id>`, `?venta=<sale id>`
// opens a sale, `?nueva=1` opens «Nueva venta directa»; plus the sort and the page.
import { z } from 'zod/mini';
import { SALE_SORTS, type SalesFilter } from '@/api/sales-admin/sales-admin-api';
import type { SaleKind, SaleStatus } from '@/lib/data/domain';
import { enumParam, listParam, tableParams } from '@/lib/url/url-params';

export const STATUS_SLUGS = ['pendiente-aprobacion', 'pendiente-enrolamiento', 'pagada', 'entregada', 'rechazado', 'cancelada'] as const;
export type StatusSlug = (typeof STATUS_SLUGS)[number];
export const statusOfSlug: Record<StatusSlug, SaleStatus> = {
  'pendiente-aprobacion': 'Pendiente de Aprobación',
  'pendiente-enrolamiento': 'Pendiente de Enrolamiento',
  pagada: 'Pagada',
  entregada: 'Entregada',
  rechazado: 'Rechazado',
  cancelada: 'Cancelada',
};

export const KIND_SLUGS = ['pedido', 'enrolamiento', 'directa'] as const;
export type KindSlug = (typeof KIND_SLUGS)[number];
export const kindOfSlug: Record<KindSlug, SaleKind> = { pedido: 'order', enrolamiento: 'enrollment', directa: 'direct' };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day `YYYY-MM-DD`, or no filter. */
export const dayParam = () =>
  z.catch(
    z.optional(
      z
        .string()
        .check(z.refine((s) => ISO_DAY.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s))),
    ),
    undefined,
  );

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idParam = () => z.catch(z.optional(z.string().check(z.refine((s) => UUID.test(s)))), undefined);

export const salesSearch = z.object({
  ...tableParams({ sort: SALE_SORTS, defaultSort: '-fecha', defaultPageSize: 20 }),
  estado: listParam(STATUS_SLUGS),
  tipo: enumParam(KIND_SLUGS),
  desde: dayParam(),
  hasta: dayParam(),
  miembro: idParam(),
  venta: idParam(),
  nueva: enumParam(['1']),
});

export type SalesSearch = z.output<typeof salesSearch>;

/** What the database filters by, from the URL. */
export function filterOf(search: SalesSearch): SalesFilter {
  return {
    statuses: search.estado.map((s) => statusOfSlug[s]),
    kind: search.tipo ? kindOfSlug[search.tipo] : null,
    from: search.desde ?? null,
    to: search.hasta ?? null,
    clientId: search.miembro ?? null,
  };
}
