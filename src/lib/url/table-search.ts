// A server-side list's URL state (url-state.ts) as the controls DataTable takes: page, page size,
// sort, and whether filters narrow it. Changing a filter, the sort or the size goes back to page 1.
import { useMemo } from 'react';
import type { z } from 'zod/mini';
import { PAGE_SIZES, formatSort, parseSort } from '@/lib/url/url-params';
import { useUrlState, type SetUrlState, type UrlSchema, type UrlStatePatch } from '@/lib/url/url-state';

export interface SortState {
  id: string;
  desc: boolean;
}

export interface DataTableControls {
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  sort: SortState;
  setPage: (page: number, options?: { replace?: boolean }) => void;
  setPageSize: (size: number) => void;
  /** null goes back to the list's default order. */
  setSort: (sort: SortState | null) => void;
  isFiltered: boolean;
  clearFilters: () => void;
}

/** The keys every list has; the rest of a schema are filters unless listed in `notFilters`. */
const TABLE_KEYS = ['pagina', 'por_pagina', 'orden'];

export interface TableSearchOptions {
  pageSizes?: readonly number[];
  /** Keys that are not filters (the open item, a tab): they neither count nor get cleared. */
  notFilters?: readonly string[];
}

export function useTableSearch<S extends UrlSchema>(schema: S, { pageSizes = PAGE_SIZES, notFilters = [] }: TableSearchOptions = {}) {
  const [search, setSearch] = useUrlState(schema);
  const defaults = useMemo(() => schema.parse({}) as Record<string, unknown>, [schema]);
  const filterKeys = useMemo(() => Object.keys(schema.shape).filter((k) => !TABLE_KEYS.includes(k) && !notFilters.includes(k)), [schema, notFilters]);
  const values = search as Record<string, unknown>;
  // The schema is generic; the table's own keys are known to be there (tableParams).
  const patch = (p: Record<string, unknown>) => p as unknown as UrlStatePatch<S>;
  const isFiltered = filterKeys.some((k) => JSON.stringify(values[k]) !== JSON.stringify(defaults[k]));

  const controls: DataTableControls = {
    page: Number(values.pagina ?? 1),
    pageSize: Number(values.por_pagina ?? pageSizes[0]),
    pageSizes,
    sort: parseSort(String(values.orden ?? '')),
    setPage: (page, options) => setSearch(patch({ pagina: page }), options),
    setPageSize: (size) => setSearch(patch({ por_pagina: size, pagina: 1 })),
    setSort: (sort) => setSearch(patch({ orden: sort ? formatSort(sort) : defaults.orden, pagina: 1 })),
    isFiltered,
    clearFilters: () => setSearch(patch(Object.fromEntries([...filterKeys.map((k) => [k, defaults[k]]), ['pagina', 1]]))),
  };

  /** Set filters and go back to page 1 (replace while typing in a search box). */
  const setFilters: SetUrlState<S> = (changes, options) =>
    setSearch((current) => ({ ...(typeof changes === 'function' ? changes(current) : changes), ...patch({ pagina: 1 }) }), options);

  return { search: search as z.output<S>, setSearch, setFilters, controls };
}
