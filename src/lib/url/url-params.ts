// Zod fields for search params, each with its fallback: whatever a person types in the URL, the
// screen gets a valid value. Build a screen's schema from them, at module scope:
//   const salesSearch = z.object({ ...tableParams({ sort: ['fecha', 'total'], defaultSort: '-fecha' }),
//     estado: enumParam(SALE_STATUSES), q: textParam(), ver: textParam() });
// `zod/mini`, not `zod`: every list page loads these, and classic zod cannot be tree-shaken
// (bench/README.md, «First-load JavaScript per route»).
import { z } from 'zod/mini';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** `?pagina=3`: a whole number from 1; anything else is page 1. */
export const pageParam = () => z.catch(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1_000_000)), 1);

/** `?por_pagina=50`: one of the offered sizes. */
export const pageSizeParam = (sizes: readonly number[] = PAGE_SIZES, fallback: number = DEFAULT_PAGE_SIZE) =>
  z.catch(z.coerce.number().check(z.refine((n) => sizes.includes(n))), fallback);

/** One of a closed set, or undefined (no filter) / the fallback given. */
export function enumParam<const T extends readonly [string, ...string[]]>(values: T): z.ZodMiniCatch<z.ZodMiniOptional<z.ZodMiniEnum<{ [K in T[number]]: K }>>>;
export function enumParam<const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
): z.ZodMiniCatch<z.ZodMiniEnum<{ [K in T[number]]: K }>>;
export function enumParam<const T extends readonly [string, ...string[]]>(values: T, fallback?: T[number]) {
  return fallback === undefined ? z.catch(z.optional(z.enum(values)), undefined) : z.catch(z.enum(values), fallback);
}

/** `?estado=a,b`: the valid members of a closed set, in the order given; unknown ones are dropped. */
export const listParam = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.catch(
    z.pipe(
      z.string(),
      z.transform((s) => s.split(',').filter((v): v is T[number] => (values as readonly string[]).includes(v))),
    ),
    [] as T[number][],
  );

/** Free text (a search, an id): trimmed, at most `max` characters, undefined when empty. */
export const textParam = (max = 200) =>
  z.catch(
    z.optional(
      z.pipe(
        z.string().check(z.trim(), z.maxLength(max)),
        z.transform((s) => s || undefined),
      ),
    ),
    undefined,
  );

/** `?orden=-fecha`: a sortable column, descending with a leading minus. */
export const sortParam = <const T extends readonly [string, ...string[]]>(columns: T, fallback: string) =>
  z.catch(z.string().check(z.refine((s) => (columns as readonly string[]).includes(s.replace(/^-/, '')))), fallback);

/** The three params every server-side list has. */
export const tableParams = <const T extends readonly [string, ...string[]]>({
  sort,
  defaultSort,
  pageSizes = PAGE_SIZES,
  defaultPageSize = DEFAULT_PAGE_SIZE,
}: {
  sort: T;
  /** A column of `sort`, with a leading minus for descending. */
  defaultSort: `${T[number]}` | `-${T[number]}`;
  pageSizes?: readonly number[];
  defaultPageSize?: number;
}) => ({
  pagina: pageParam(),
  por_pagina: pageSizeParam(pageSizes, defaultPageSize),
  orden: sortParam(sort, defaultSort),
});

/** A sort param as a column and a direction. */
export function parseSort(value: string): { id: string; desc: boolean } {
  return value.startsWith('-') ? { id: value.slice(1), desc: true } : { id: value, desc: false };
}

export function formatSort(sort: { id: string; desc: boolean }): string {
  return `${sort.desc ? '-' : ''}${sort.id}`;
}
