// Productos' URL (the contract other screens link to, ISSUE12-BRIEF): `?q=` search (SKU, name),
// `?categoria=`, `?stock=bajo`, `?kit=si|no`, `?estado=activos|inactivos|todos` (activos by default),
// `?producto=<id>` opens that product's panel; plus the page, its size and the sort.
import { z } from 'zod/mini';
import { PRODUCT_SORTS, PRODUCT_STATES, type ProductListParams, type ProductSort } from '@/api/products/products-api';
import { enumParam, tableParams, textParam } from '@/lib/url/url-params';

export const productsSearch = z.object({
  ...tableParams({ sort: PRODUCT_SORTS, defaultSort: 'nombre', defaultPageSize: 20 }),
  q: textParam(100),
  categoria: textParam(60),
  stock: enumParam(['bajo']),
  kit: enumParam(['si', 'no']),
  estado: enumParam(PRODUCT_STATES, 'activos'),
  producto: textParam(40),
});
export type ProductsSearch = z.output<typeof productsSearch>;

/** The open product is not a filter: it neither counts as one nor is cleared with them. */
export const NOT_FILTERS = ['producto'] as const;

export function listParams(s: ProductsSearch, sort: { id: string; desc: boolean }, page: number, pageSize: number): ProductListParams {
  return {
    query: s.q ?? null,
    category: s.categoria ?? null,
    lowStock: s.stock === 'bajo',
    kit: s.kit === undefined ? null : s.kit === 'si',
    state: s.estado,
    sort: sort.id as ProductSort,
    desc: sort.desc,
    page,
    pageSize,
  };
}
